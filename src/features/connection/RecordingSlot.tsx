/**
 * THE PLACE FOR THE "RECORD SESSION" CONTROL. The recording feature (docs/replay.md) provides
 * src/features/recording/RecordSessionControl.tsx; the panel renders it here when that file
 * exists in the build, and nothing otherwise. The file name is the whole contract (default or
 * named export `RecordSessionControl`, no props).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

interface RecordingModule {
  default?: ComponentType;
  RecordSessionControl?: ComponentType;
}

const found = import.meta.glob<RecordingModule>('../recording/RecordSessionControl.tsx');
const load = Object.values(found)[0];

const RecordSessionControl = load
  ? lazy(async () => {
      const m = await load();
      const C = m.default ?? m.RecordSessionControl;
      return { default: C ?? (() => null) };
    })
  : null;

/** Whether this build has the record control (the section is left out otherwise). */
export const HAS_RECORDING = RecordSessionControl !== null;

export function RecordingSlot() {
  const { t } = useTranslation('user-assets');
  if (!RecordSessionControl) return null;
  return (
    <section aria-label={t('connection.recording')} data-slot="record-session">
      <Suspense fallback={null}>
        <RecordSessionControl />
      </Suspense>
    </section>
  );
}
