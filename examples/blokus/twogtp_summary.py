#!/usr/bin/env python3
"""Summarise a twogtp run (FILE.dat + FILE.blksgf): W-D-L of the --black engine by colour,
mean margin (official scoring, squares) for it, and CPU seconds per move of each side."""
import re, sys
base = sys.argv[1]
rows = [l.split('\t') for l in open(base + '.dat') if l[0].isdigit()]
# twogtp writes the games as they end (out of order with --threads above 1): match by GN.
games = {int(re.search(r'GN\[(\d+)\]', g).group(1)): g
         for g in open(base + '.blksgf').read().split('(;')[1:]}
def margin(g):
    moves = re.findall(r';([BW])\[([^\]]*)\]', g)
    placed = {'B': 0, 'W': 0}; last = {}
    for c, pts in moves:
        n = len(pts.split(',')); placed[c] += n; last[c] = n
    def score(c):
        s = placed[c] - 89
        if placed[c] == 89: s += 20 if last[c] == 1 else 15
        return s
    return score('B') - score('W'), len(moves)
by = {0: [0, 0, 0], 1: [0, 0, 0]}; margins = []; cb = cw = mb = mw = 0
for r in rows:
    g = games[int(r[0])]
    res, pb = float(r[1]), int(r[3])
    m, n = margin(g)
    m = m if pb == 0 else -m   # for the --black engine
    margins.append(m)
    k = 0 if res == 1 else (1 if res == 0.5 else 2)
    by[pb][k] += 1
    nb = sum(1 for c in re.findall(r';([BW])\[', g) if c == ('B' if pb == 0 else 'W'))
    cb += float(r[4]); cw += float(r[5]); mb += nb; mw += n - nb
tot = [by[0][i] + by[1][i] for i in range(3)]
print(f"games {len(rows)}: W-D-L {tot[0]}-{tot[1]}-{tot[2]} "
      f"(as first/blue {'-'.join(map(str,by[0]))}, as second/green {'-'.join(map(str,by[1]))}); "
      f"mean margin {sum(margins)/len(margins):+.2f}; s/move {cb/mb:.4f} (black engine) / {cw/mw:.4f} (white engine)")
