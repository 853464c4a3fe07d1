// Entry of the game page: loads the engines (rules on this thread; searches run in workers), restores
// the saved game and settings, and starts the page.
import '../board/index.ts';
import { createEngine } from '../engine/index.ts';
import { App } from './app.ts';
import { loadSettings } from './settings.ts';
import './styles.css';

const root = document.getElementById('app')!;
const settings = loadSettings();

try {
  const [rules, boardEngine, scratch] = await Promise.all([
    createEngine('wasm'),
    createEngine('wasm'),
    createEngine('wasm'),
  ]);
  const app = new App(root, settings, rules, boardEngine, scratch);
  app.start();
  // The offline app: a build has a service worker beside the page (web/app/build/pwa.ts); the dev server has none.
  if (import.meta.env.PROD) app.updates.register('./sw.js');
  // Audio may only start inside a user gesture.
  document.addEventListener('pointerdown', () => app.sound.unlock(), { capture: true });
  document.addEventListener('keydown', (e) => app.onKeydown(e));
  // For the browser tests and the curious.
  (window as unknown as { xiangqi: App }).xiangqi = app;
} catch (error) {
  root.textContent = `The engine could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  root.classList.add('failed');
  throw error;
}
