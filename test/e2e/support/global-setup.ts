/** Vitest global setup: one build of the app for every e2e file (`inject('appDir')`). */
import type { TestProject } from 'vitest/node';
import { buildApp } from './build';

declare module 'vitest' {
  export interface ProvidedContext {
    appDir: string;
  }
}

export default async function setup(project: TestProject) {
  const app = await buildApp();
  project.provide('appDir', app.dir);
  return () => app.remove();
}
