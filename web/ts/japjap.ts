// Jap Jap: the match, its rules, bots and hint from the crate; each seat sees its own view.
import { JapJap } from '../pkg/plateau_web.js';
import { button, el, reason } from './wasm';

interface Round { round: number; end: { kind: string; caller?: number; winner?: number; countered?: boolean }; hands: string[][]; added: number[]; totals: number[] }
interface View {
  seat: number; toMove: number | null; hand: string[]; handValue: number; discard: string[]; sizes: number[];
  stock: number; scores: number[]; losses: number[]; round: number; turn: number; games: number; over: boolean;
  lastRound: Round | null; rules: Record<string, string | number | boolean>;
}

const KINDS = ['human', 'search', 'greedy', 'random'];
const KIND_NAMES: Record<string, string> = { human: 'Human', search: 'Search bot', greedy: 'Greedy bot', random: 'Random bot' };
const RED = new Set(['H', 'D']);
const SUIT: Record<string, string> = { S: '♠', H: '♥', D: '♦', C: '♣' };

function cardEl(text: string, tag: 'button' | 'span' = 'button'): HTMLElement {
  const c = el(tag, 'card');
  if (c instanceof HTMLButtonElement) c.type = 'button';
  const suit = text.slice(-1);
  c.textContent = `${text.slice(0, -1)}${SUIT[suit] ?? suit}`;
  c.dataset.card = text;
  if (RED.has(suit)) c.classList.add('red');
  return c;
}

export function mountJapJap(root: HTMLElement, params: URLSearchParams): () => void {
  let players = Math.min(5, Math.max(2, Number(params.get('players')) || 3));
  let seats: string[] = (params.get('seats') ?? 'human,greedy,greedy,greedy,greedy').split(',');
  let names: string[] = Array.from({ length: 5 }, (_, i) => (i === 0 ? 'You' : `Seat ${i + 1}`));
  let limit = Number(params.get('limit')) || 0;
  let seed = Number(params.get('seed')) || Math.floor(Math.random() * 1e9);
  let game = new JapJap(players, limit, BigInt(seed));
  let selected = new Set<string>();
  let take: string | null = null;
  let timer: number | null = null;
  let alive = true;
  const log: string[] = [];

  const status = el('p', 'status');
  status.dataset.status = '';
  const table = el('div', 'jj-table');
  const hand = el('div', 'hand');
  const discard = el('div', 'hand discard');
  const stockButton = button('Stock', () => { take = 'stock'; render(); });
  stockButton.classList.add('stock');
  const discardButton = button('Discard and take', () => humanPlay(), 'primary');
  const callButton = button('Call Jap Jap', () => humanPlay('call'));
  const hintButton = button('Hint', () => {
    const h = game.hint();
    info.textContent = h ? `Hint: ${h}` : '';
  });
  const error = el('p', 'error');
  const info = el('p', 'note');
  const logBox = el('ol', 'jj-log');
  const setup = el('div', 'controls');
  const playersSelect = el('select');
  for (let p = 2; p <= 5; p++) playersSelect.append(new Option(`${p} seats`, String(p), false, p === players));
  playersSelect.setAttribute('aria-label', 'Seats');
  const seatBox = el('div', 'seat-setup');
  const newButton = button('New match', () => restart(), 'primary');
  setup.append(newButton, playersSelect);
  const rulesPanel = el('details', 'rules');
  const actions = el('div', 'controls');
  actions.append(discardButton, callButton, hintButton);
  const takeRow = el('div', 'take-row');
  takeRow.append(el('span', 'note', 'Take:'), stockButton, discard);
  const main = el('div', 'jj-main');
  main.append(table, el('p', 'note', 'Your hand: select the cards to discard (a single card, a set of one rank, or a run in one suit), then what to take.'), hand, takeRow, actions, error, info);
  const side = el('div', 'side');
  side.append(status, setup, seatBox, rulesPanel, el('p', 'note', 'Turns'), logBox);
  const layout = el('div', 'game');
  layout.append(main, side);
  root.append(layout);

  function seatControls(): void {
    seatBox.replaceChildren();
    for (let s = 0; s < players; s++) {
      const row = el('div', 'controls');
      const name = el('input');
      name.value = names[s];
      name.setAttribute('aria-label', `Name of seat ${s + 1}`);
      name.className = 'name';
      name.addEventListener('change', () => { names[s] = name.value || `Seat ${s + 1}`; render(); });
      const kind = el('select');
      for (const k of KINDS) kind.append(new Option(KIND_NAMES[k], k, false, k === (seats[s] ?? 'greedy')));
      kind.setAttribute('aria-label', `Player of seat ${s + 1}`);
      kind.addEventListener('change', () => { seats[s] = kind.value; render(); schedule(); });
      row.append(name, kind);
      seatBox.append(row);
    }
  }

  /** The seat whose hand is shown: the human to move, else the first human seat. */
  function shownSeat(): number {
    const t = game.toMove();
    if (t !== undefined && seats[t] === 'human') return t;
    const h = seats.slice(0, players).indexOf('human');
    return h < 0 ? 0 : h;
  }

  function view(): View {
    return JSON.parse(game.view(shownSeat())) as View;
  }

  function actionText(): string | null {
    if (selected.size === 0 || !take) return null;
    return `discard ${[...selected].join(' ')} take ${take}`;
  }

  function render(): void {
    const v = view();
    const t = game.toMove();
    const humanTurn = t !== undefined && seats[t] === 'human';
    // The table: every seat's cards in hand, score and losses.
    table.replaceChildren(...v.sizes.map((n, s) => {
      const d = el('div', 'jj-seat');
      d.classList.toggle('to-move', s === t);
      d.dataset.seat = String(s);
      d.textContent = `${names[s]} (${KIND_NAMES[seats[s] ?? 'greedy']}): ${n} cards · ${v.scores[s]} pts · ${v.losses[s]} lost`;
      return d;
    }));
    hand.replaceChildren(...v.hand.map((c) => {
      const b = cardEl(c) as HTMLButtonElement;
      b.classList.toggle('selected', selected.has(c));
      b.disabled = !humanTurn || v.seat !== t;
      b.addEventListener('click', () => {
        if (selected.has(c)) selected.delete(c); else selected.add(c);
        render();
      });
      return b;
    }));
    discard.replaceChildren(...v.discard.map((c) => {
      const b = cardEl(c) as HTMLButtonElement;
      b.classList.toggle('selected', take === c);
      b.disabled = !humanTurn;
      b.addEventListener('click', () => { take = c; render(); });
      return b;
    }));
    stockButton.textContent = `Stock (${v.stock})`;
    stockButton.classList.toggle('selected', take === 'stock');
    stockButton.disabled = !humanTurn;
    const text = actionText();
    const why = text ? game.check(text) : undefined;
    discardButton.disabled = !humanTurn || !text || why !== undefined;
    discardButton.title = why ?? '';
    const callWhy = game.check('call');
    callButton.disabled = !humanTurn || callWhy !== undefined;
    callButton.title = callWhy ?? '';
    hintButton.disabled = !humanTurn;
    if (humanTurn && selected.size && why) error.textContent = why;
    else if (humanTurn && selected.size && !take) error.textContent = 'choose what to take: the stock or a discarded card';
    else if (!error.dataset.sticky) error.textContent = '';
    const outcome = game.outcome();
    status.classList.toggle('won', outcome !== undefined);
    status.textContent = outcome !== undefined
      ? `Match over: ${outcome}`
      : `${names[t ?? 0]} to play · round ${v.round + 1}, turn ${v.turn + 1} · your hand is worth ${v.handValue}`;
    // The rules panel, from the crate's rules.
    const r = v.rules;
    rulesPanel.innerHTML = '<summary>Rules of this match</summary>';
    const list = el('ul');
    for (const line of [
      `Call "Jap Jap" with a hand worth at most ${r.callThreshold} points; a player with ${r.counterOnEqual ? 'as few or fewer' : 'fewer'} points counters the call and the caller takes ${r.penalty} penalty points (${r.penaltyMode}).`,
      `Discard a single card, a set of one rank, or a run of at least ${r.minRun} cards in one suit; then take the stock's top card or one of the cards just discarded (${r.takeFrom}).`,
      `A player reaching ${r.scoreLimit} points loses the game; the match ends when a player has lost ${r.matchLosses} game(s). When the stock runs out: ${r.exhaustion}.`,
    ]) list.append(el('li', '', line));
    rulesPanel.append(list);
    logBox.replaceChildren(...log.slice(-12).map((l) => el('li', '', l)));
  }

  function played(eventText: string): void {
    const e = JSON.parse(eventText) as { player: number; action: string; round: Round | null; reshuffled: boolean };
    log.push(`${names[e.player]}: ${e.action}${e.reshuffled ? ' (the pile is shuffled into the stock)' : ''}`);
    if (e.round) {
      const end = e.round.end.kind === 'call'
        ? `${names[e.round.end.caller ?? 0]} called${e.round.end.countered ? ', countered' : ''}; ${names[e.round.end.winner ?? 0]} wins the round`
        : 'the stock ran out';
      log.push(`Round ${e.round.round}: ${end}. Points added: ${e.round.added.map((a, s) => `${names[s]} +${a}`).join(', ')}. Hands: ${e.round.hands.map((h, s) => `${names[s]} ${h.join(' ')}`).join('; ')}`);
      info.textContent = log[log.length - 1];
    }
    selected = new Set();
    take = null;
  }

  function humanPlay(text = actionText()): void {
    if (!text) return;
    try {
      played(game.play(text));
      error.textContent = '';
    } catch (e) {
      error.textContent = reason(e);
    }
    render();
    schedule();
  }

  /** Plays the bots' turns one after another, a short pause between them. */
  function schedule(): void {
    if (timer !== null || !alive) return;
    const t = game.toMove();
    if (t === undefined || seats[t] === 'human') return;
    timer = window.setTimeout(() => {
      timer = null;
      const s = game.toMove();
      if (s === undefined || seats[s] === 'human') return;
      try {
        const m = game.botMove(seats[s], BigInt(game.moves() + 1), 8);
        if (m) played(game.play(m));
      } catch (e) {
        error.textContent = reason(e);
        render();
        return;
      }
      render();
      schedule();
    }, 250);
  }

  function restart(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    players = Number(playersSelect.value);
    seed = Math.floor(Math.random() * 1e9);
    try {
      const next = new JapJap(players, limit, BigInt(seed));
      game.free();
      game = next;
    } catch (e) {
      error.textContent = reason(e);
    }
    log.length = 0;
    selected = new Set();
    take = null;
    info.textContent = '';
    seatControls();
    render();
    schedule();
  }

  playersSelect.addEventListener('change', () => restart());
  seatControls();
  render();
  schedule();
  return () => {
    alive = false;
    if (timer !== null) clearTimeout(timer);
    game.free();
  };
}
