/**
 * Menu buttons open from the keyboard as WAI-ARIA's menu button pattern has it (issue 18, item
 * 5): Enter, Space and ArrowDown open the menu with focus on its current item; Escape closes it
 * and gives focus back to the button.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LanguageMenu } from '@src/ui/LanguageMenu';
import { renderWithProviders } from './test-utils';

describe('menu buttons from the keyboard', () => {
  it.each(['{Enter}', ' ', '{ArrowDown}'])(
    'the language menu opens with %j on the current language; Escape returns to the button',
    async (key) => {
      const user = userEvent.setup();
      await renderWithProviders(<LanguageMenu />);
      const button = screen.getByRole('button', { name: 'Language: English' });
      button.focus();
      await user.keyboard(key);
      await screen.findByRole('menu');
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'English' })),
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      expect(document.activeElement).toBe(button);
    },
  );

  it('ArrowDown on an open menu button does not close it', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<LanguageMenu />);
    const button = screen.getByRole('button', { name: 'Language: English' });
    await user.click(button);
    await screen.findByRole('menu');
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });
});
