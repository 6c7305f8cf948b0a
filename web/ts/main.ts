// The page: a home screen and one route per game (`#taquin`, `#floodit`...), a light and a
// dark theme. Every game module mounts into the root element it is given and returns the
// function that unmounts it.
import { wasmReady } from './wasm';
import { mountTaquin } from './taquin';
import { mountFloodIt } from './floodit';
import { mountBlokus } from './blokus';
import { mountSpeed } from './speed';
import { mountMinesweeper } from './minesweeper';
import { mountTetris } from './tetris';
import { mountJapJap } from './japjap';

export type Params = URLSearchParams;
type Mount = (root: HTMLElement, params: Params) => () => void;

interface GameEntry {
  name: string;
  title: string;
  blurb: string;
  mount?: Mount;
}

const GAMES: GameEntry[] = [
  { name: 'taquin', title: 'Taquin', blurb: 'The sliding puzzle, 3x3 to 8x8, picture tiles, optimal solver.', mount: mountTaquin },
  { name: 'floodit', title: 'Flood-It', blurb: 'Flood the board from the corner within the move limit.', mount: mountFloodIt },
  { name: 'minesweeper', title: 'Minesweeper', blurb: 'Every preset, no-guess boards, the exact mine probabilities.', mount: mountMinesweeper },
  { name: 'blokus', title: 'Blokus', blurb: 'Duo and Classic, against the tree search or a friend.', mount: mountBlokus },
  { name: 'tetris', title: 'Tetris', blurb: 'Guideline, classic and calculator rules at 60 Hz.', mount: mountTetris },
  { name: 'japjap', title: 'Jap Jap', blurb: 'The card game of low hands, 2 to 5 seats.', mount: mountJapJap },
];
// Not a game: the page's speed figures (web/README.md), reached by its route only.
const ROUTES: GameEntry[] = [...GAMES, { name: 'speed', title: 'Speed', blurb: '', mount: mountSpeed }];

const app = document.getElementById('app') as HTMLElement;
const title = document.getElementById('title') as HTMLElement;
let unmount: (() => void) | null = null;

function theme(next?: string): void {
  const stored = next ?? localStorage.getItem('plateau.theme');
  const query = new URLSearchParams(location.search).get('theme');
  const dark = matchMedia('(prefers-color-scheme: dark)').matches;
  const chosen = query ?? stored ?? (dark ? 'dark' : 'light');
  document.documentElement.dataset.theme = chosen;
  if (next) localStorage.setItem('plateau.theme', next);
}

function home(): void {
  title.textContent = '';
  const grid = document.createElement('div');
  grid.className = 'home';
  for (const g of GAMES) {
    const a = document.createElement('a');
    a.className = g.mount ? 'card' : 'card soon';
    a.href = `#${g.name}`;
    a.dataset.link = g.name;
    a.innerHTML = `<h2></h2><p></p>`;
    (a.querySelector('h2') as HTMLElement).textContent = g.title;
    (a.querySelector('p') as HTMLElement).textContent = g.mount ? g.blurb : `${g.blurb} (not on the page yet)`;
    grid.append(a);
  }
  app.replaceChildren(grid);
}

async function route(): Promise<void> {
  unmount?.();
  unmount = null;
  const [name, query] = location.hash.replace(/^#/, '').split('?');
  const game = ROUTES.find((g) => g.name === name);
  if (!game) {
    home();
    return;
  }
  title.textContent = game.title;
  const root = document.createElement('section');
  root.dataset.game = game.name;
  app.replaceChildren(root);
  if (!game.mount) {
    const status = document.createElement('p');
    status.className = 'status';
    status.dataset.status = '';
    status.textContent = `${game.title} is not on the page yet.`;
    root.append(status);
    return;
  }
  await wasmReady;
  unmount = game.mount(root, new URLSearchParams(query ?? ''));
  root.dataset.ready = 'true';
  (window as unknown as { plateauReadyMs: number }).plateauReadyMs = performance.now();
}

theme();
(document.getElementById('theme') as HTMLElement).addEventListener('click', () => {
  theme(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
});
window.addEventListener('hashchange', () => void route());
void route();
