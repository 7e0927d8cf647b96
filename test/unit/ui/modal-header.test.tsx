/**
 * A modal's title bar is no landmark (review L6): Mantine renders it as <header>, which axe
 * counted as a second banner while any dialog was open; the theme makes it a <div>.
 */
import { Modal } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from './test-utils';

describe('modal header', () => {
  it('is not a <header> (no second banner while a dialog is open)', async () => {
    await renderWithProviders(
      <Modal opened onClose={() => undefined} title="Welcome to VIP">
        Hello
      </Modal>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to VIP' });
    expect(dialog.querySelector('header')).toBeNull();
    expect(document.querySelector('header')).toBeNull();
    expect(screen.getByText('Welcome to VIP')).toBeInTheDocument();
  });
});
