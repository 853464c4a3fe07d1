#!/usr/bin/env python3
"""Trains the king-bucketed network (XQNN version 2) on self-play records, in PyTorch.

The format (inputs, scales, file layout, record layout) is read from the `kingBucketed` part of
tune/format.generated.json, which `npm run generate` writes from its one home (assembly/facts.ts,
web/engine/nnue-kb.ts, tune/records.ts): nothing of it is restated here. The engine's integer forward pass is checked against the
TypeScript reference by test/engine/nnue-kb.test.ts; the network this writes is checked against
its own float and integer passes here (the quantisation error is printed) and, through the check
positions in its sidecar JSON, against the TypeScript reference by test/tune/nnue-kb-trained.test.ts.

Run with Debian's python3-torch (apt-get install python3-torch) as /usr/bin/python3:
  /usr/bin/python3 tune/nnue_train.py --data tune/data/selfplay.bin --out /tmp/kb.nnue
See tune/README.md, section 5.
"""
import argparse
import base64
import json
import math
import os
import struct
import sys
import time

import numpy as np
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMAT = json.load(open(os.path.join(ROOT, 'tune', 'format.generated.json')))['kingBucketed']

PLANE = FORMAT['plane']
INPUTS = FORMAT['inputs']
# The scales; --qa and --qb may choose finer ones (powers of two up to FORMAT['qaMax'] and ['qbMax']).
QA = FORMAT['qa']
QB = FORMAT['qb']
SCALE = FORMAT['scale']
W1_CLIP = FORMAT['w1Max'] / QA
KIND_OTHER = FORMAT['kindOther']
HEAVY_MAX = FORMAT['heavyPiecesMax']
VIEW = np.array(FORMAT['viewPoint'], dtype=np.int64)          # [2, 90]
KING_BUCKET = np.array(FORMAT['kingBucket'], dtype=np.int64)  # [90]
# The inputs a position can activate; the others' rows are written as zeros (web/engine/nnue-reach.ts).
REACHABLE = np.unpackbits(np.frombuffer(base64.b64decode(FORMAT['reachable']), dtype=np.uint8))[:INPUTS].astype(bool)
KING_MIRROR = np.array(FORMAT['kingMirror'], dtype=bool)      # [90]
MIRROR_FILE = np.array(FORMAT['mirrorFile'], dtype=np.int64)  # [90]
RECORDS = FORMAT['records']
LETTERS = RECORDS['letters']
TYPES = FORMAT['pieceTypes']
# A record's point code -> colour (0 Red, 1 Black, -1 empty) and type (0..6).
CODE_COLOUR = np.array([-1 if c == ' ' else (0 if c.isupper() else 1) for c in LETTERS], dtype=np.int64)
CODE_TYPE = np.array([-1 if c == ' ' else TYPES.index(c.upper()) for c in LETTERS], dtype=np.int64)
CODE_HEAVY = np.array([c != ' ' and c.upper() in FORMAT['heavyPieceTypes'] for c in LETTERS], dtype=np.int64)
RED_KING = LETTERS.index(TYPES[0])
BLACK_KING = LETTERS.index(TYPES[0].lower())
# The clips that keep every integer sum in range (see nnue-kb.ts): b1 within int16 / QA by far,
# the output weights and bias as version 1 clips them.
B1_CLIP = 8.0
W2_CLIP = 32.0
B2_CLIP = 64.0


def read_records(paths, limit):
    data = np.concatenate([np.fromfile(p, dtype=np.uint8) for p in paths])
    size = RECORDS['bytes']
    if len(data) % size:
        sys.exit(f'the data is not a whole number of {size}-byte records')
    rec = data.reshape(-1, size)
    if limit and limit < len(rec):
        rec = rec[np.linspace(0, len(rec) - 1, limit).astype(np.int64)]
    packed = rec[:, :45]
    board = np.empty((len(rec), 90), dtype=np.uint8)
    board[:, 0::2] = packed & 15
    board[:, 1::2] = packed >> 4
    flags = rec[:, RECORDS['flagsByte']]
    black = (flags & 1).astype(np.int64)
    red_result = ((flags >> 1) & 3).astype(np.float32) / 2
    result = np.where(black == 1, 1 - red_result, red_result).astype(np.float32)
    at = RECORDS['scoreByte']
    score = (rec[:, at].astype(np.int32) | (rec[:, at + 1].astype(np.int32) << 8)).astype(np.int16).astype(np.float32)
    return board, black, score, result


def features(board, black, mirror):
    """The inputs of a batch: (side to move's indices, offsets, the other side's, offsets, output bucket
    counts of heavy pieces). `mirror` flips the files of the chosen positions first (augmentation)."""
    board = board.copy()
    if mirror is not None and mirror.any():
        board[mirror] = board[mirror][:, MIRROR_FILE]
    rows, cols = np.nonzero(board)
    codes = board[rows, cols].astype(np.int64)
    colour = CODE_COLOUR[codes]
    ptype = CODE_TYPE[codes]
    kings = [np.argmax(board == RED_KING, axis=1), np.argmax(board == BLACK_KING, axis=1)]
    idx = []
    for p in range(2):
        kview = VIEW[p][kings[p][rows]]
        bucket = KING_BUCKET[kview]
        view = VIEW[p][cols]
        point = np.where(KING_MIRROR[kview], MIRROR_FILE[view], view)
        kind = np.where(colour == p, 0, KIND_OTHER) + ptype
        idx.append(bucket * PLANE + kind * 90 + point)
    stm = black[rows]
    stm_idx = np.where(stm == 1, idx[1], idx[0])
    oth_idx = np.where(stm == 1, idx[0], idx[1])
    counts = np.bincount(rows, minlength=len(board))
    offsets = np.concatenate([[0], np.cumsum(counts)[:-1]])
    heavy = CODE_HEAVY[board.astype(np.int64)].sum(axis=1)
    return stm_idx, oth_idx, offsets, heavy


def rounded(w, scale):
    """w on the integer grid of `scale` in the forward pass, unchanged for the gradient."""
    return w + (torch.round(w * scale) / scale - w).detach()


class Network(torch.nn.Module):
    def __init__(self, hidden, buckets):
        super().__init__()
        self.buckets = buckets
        self.ft = torch.nn.EmbeddingBag(INPUTS, hidden, mode='sum')
        torch.nn.init.uniform_(self.ft.weight, -0.1, 0.1)
        self.b1 = torch.nn.Parameter(torch.full((hidden,), 0.5))
        self.w2 = torch.nn.Parameter(torch.empty(buckets, 2 * hidden).uniform_(-0.01, 0.01))
        self.b2 = torch.nn.Parameter(torch.zeros(buckets))

        # Quantisation-aware: the forward pass uses the weights rounded as quantise() rounds them (the
        # gradient passes straight through to the float weights), so the network learns to live with
        # the int8 first layer instead of meeting its rounding only when written.
        self.quantised = False

    def forward(self, stm_idx, oth_idx, offsets, bucket):
        w1, b1, w2, b2 = self.ft.weight, self.b1, self.w2, self.b2
        if self.quantised:
            w1, b1, w2, b2 = rounded(w1, QA), rounded(b1, QA), rounded(w2, QB), rounded(b2, QA * QB)
        a = torch.clamp(torch.nn.functional.embedding_bag(stm_idx, w1, offsets, mode='sum') + b1, 0, 1)
        o = torch.clamp(torch.nn.functional.embedding_bag(oth_idx, w1, offsets, mode='sum') + b1, 0, 1)
        h = torch.cat([a, o], dim=1)
        return (h * w2[bucket]).sum(dim=1) + b2[bucket]

    def clip(self):
        with torch.no_grad():
            self.ft.weight.clamp_(-W1_CLIP, W1_CLIP)
            self.b1.clamp_(-B1_CLIP, B1_CLIP)
            self.w2.clamp_(-W2_CLIP, W2_CLIP)
            self.b2.clamp_(-B2_CLIP, B2_CLIP)


def output_bucket(heavy, buckets):
    return (np.minimum(heavy, HEAVY_MAX) * buckets) // (HEAVY_MAX + 1)


def batch_tensors(board, black, mirror, buckets, device=torch.device('cpu')):
    stm_idx, oth_idx, offsets, heavy = features(board, black, mirror)
    return tuple(
        torch.from_numpy(t).to(device)
        for t in (stm_idx, oth_idx, offsets, output_bucket(heavy, buckets))
    )


def quantise(net):
    w1 = np.clip(np.round(net.ft.weight.detach().numpy() * QA), -127, 127).astype(np.int8)
    b1 = np.round(net.b1.detach().numpy() * QA).astype(np.int16)
    w2 = np.round(net.w2.detach().numpy() * QB).astype(np.int16)
    b2 = np.round(net.b2.detach().numpy() * QA * QB).astype(np.int32)
    return w1, b1, w2, b2


def integer_output(q, board, black, buckets):
    """The integer forward pass of nnue-kb.ts (referenceOutputKB), for a batch: outq and centipawns."""
    w1, b1, w2, b2 = q
    stm_idx, oth_idx, offsets, heavy = features(board, black, None)
    n = len(board)
    bounds = np.append(offsets, len(stm_idx))
    acc = []
    for idx in (stm_idx, oth_idx):
        sums = np.add.reduceat(w1[idx].astype(np.int32), offsets, axis=0) if len(idx) else np.zeros((n, len(b1)), np.int32)
        empty = bounds[1:] == bounds[:-1]
        sums[empty] = 0
        wrapped = ((sums + b1.astype(np.int32) + 32768) % 65536) - 32768
        acc.append(np.clip(wrapped, 0, QA).astype(np.int64))
    bucket = output_bucket(heavy, buckets)
    h = np.concatenate(acc, axis=1)
    outq = (h * w2[bucket].astype(np.int64)).sum(axis=1) + b2[bucket].astype(np.int64)
    outq = ((outq + 2**31) % 2**32) - 2**31
    scaled = outq * SCALE
    cp = np.trunc(scaled / (QA * QB)).astype(np.int64)
    return outq, cp


def write_network(path, hidden, buckets, q):
    w1, b1, w2, b2 = q
    with open(path, 'wb') as f:
        f.write(FORMAT['magic'].encode('ascii'))
        # The scales' log2 in the header; 0 for the first scales, as the first files have them.
        shift = lambda scale, first: 0 if scale == first else scale.bit_length() - 1
        f.write(struct.pack('<HHBBBB', FORMAT['version'], hidden, FORMAT['kingBuckets'], buckets,
                            shift(QA, FORMAT['qa']), shift(QB, FORMAT['qb'])))
        # Rows of inputs no position activates: never summed, never trained; zeros compress.
        rows = w1.reshape(INPUTS, hidden) * REACHABLE[:, None]
        f.write(rows.astype('<i1').tobytes())
        f.write(b1.astype('<i2').tobytes())
        f.write(w2.astype('<i2').tobytes())
        f.write(b2.astype('<i4').tobytes())


def fen_of(board_row, black):
    rows = []
    for rank in range(9, -1, -1):
        text, empty = '', 0
        for file in range(9):
            c = LETTERS[board_row[rank * 9 + file]]
            if c == ' ':
                empty += 1
                continue
            text += (str(empty) if empty else '') + c
            empty = 0
        rows.append(text + (str(empty) if empty else ''))
    return '/'.join(rows) + (' b' if black else ' w') + ' - - 0 1'


def main():
    parser = argparse.ArgumentParser(description='Train the king-bucketed network (XQNN version 2).')
    parser.add_argument('--data', nargs='+', default=['tune/data/selfplay.bin'])
    parser.add_argument('--positions', type=int, default=0, help='use at most this many (spread over the file)')
    parser.add_argument('--hidden', type=int, default=256)
    parser.add_argument('--buckets', type=int, default=7, help='output buckets by rooks, horses and cannons')
    parser.add_argument('--epochs', type=int, default=20)
    parser.add_argument('--lr', type=float, default=0.001)
    parser.add_argument('--decay', type=float, default=0.9, help='learning rate factor after each epoch')
    parser.add_argument('--batch', type=int, default=16384)
    parser.add_argument('--k', type=float, default=0.00244, help='sigmoid scale of centipawns')
    parser.add_argument('--lambda', dest='lam', type=float, default=0.0, help='weight of the game result')
    parser.add_argument('--quantised-epochs', type=int, default=0,
                        help='the last N epochs train through the rounded weights (quantisation-aware)')
    parser.add_argument('--qa', type=int, default=FORMAT['qa'],
                        help=f"the first layer's scale: {FORMAT['qa']} (the default) up to {FORMAT['qaMax']}, a power of two; "
                             'a larger one rounds the small int8 weights more finely and clips them at 127 / QA')
    parser.add_argument('--qb', type=int, default=FORMAT['qb'],
                        help=f"the output layer's scale: {FORMAT['qb']} (the default) up to {FORMAT['qbMax']}, a power of two")
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--threads', type=int, default=os.cpu_count())
    parser.add_argument('--out', default='nnue/candidate.nnue')
    parser.add_argument('--device', default='cuda' if torch.cuda.is_available() else 'cpu',
                        help='where the network trains: cuda (the default where a GPU is seen) or cpu')
    args = parser.parse_args()
    global QA, QB, W1_CLIP
    for name, least, most in (('qa', FORMAT['qa'], FORMAT['qaMax']), ('qb', FORMAT['qb'], FORMAT['qbMax'])):
        value = getattr(args, name)
        if value < least or value > most or value & (value - 1):
            sys.exit(f'--{name} {value}: a power of two from {least} to {most}')
    QA, QB, W1_CLIP = args.qa, args.qb, FORMAT['w1Max'] / args.qa
    device = torch.device(args.device)
    h, buckets = args.hidden, args.buckets
    if h % FORMAT['hiddenMultiple'] or not FORMAT['hiddenMin'] <= h <= FORMAT['hiddenMax']:
        sys.exit(f'--hidden must be a multiple of {FORMAT["hiddenMultiple"]} in {FORMAT["hiddenMin"]}..{FORMAT["hiddenMax"]}')
    if not 1 <= buckets <= FORMAT['outputBucketsMax']:
        sys.exit(f'--buckets must be 1..{FORMAT["outputBucketsMax"]}')
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)

    board, black, score, result = read_records(args.data, args.positions)
    n = len(board)
    held = np.arange(n) % 20 == 19
    train_ix = np.nonzero(~held)[0]
    held_ix = np.nonzero(held)[0]
    print(f'{n} positions ({len(train_ix)} to train, {len(held_ix)} held out) from {", ".join(args.data)}; H {h}, {buckets} output buckets, on {device}')
    target_all = torch.from_numpy(
        args.lam * result + (1 - args.lam) * (1 / (1 + np.exp(-args.k * score)))
    ).float()

    net = Network(h, buckets).to(device)
    opt = torch.optim.Adam(net.parameters(), lr=args.lr)
    sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=args.decay)
    losses = []

    def held_loss():
        with torch.no_grad():
            total, count = 0.0, 0
            for s in range(0, len(held_ix), args.batch):
                ix = held_ix[s:s + args.batch]
                pred = net(*batch_tensors(board[ix], black[ix], None, buckets, device))
                p = torch.sigmoid(args.k * SCALE * pred)
                total += float(((p - target_all[ix].to(device)) ** 2).sum())
                count += len(ix)
            return total / max(count, 1)

    started = time.time()
    for epoch in range(args.epochs):
        net.quantised = epoch >= args.epochs - args.quantised_epochs
        order = rng.permutation(train_ix)
        total, count = 0.0, 0
        for s in range(0, len(order), args.batch):
            ix = np.sort(order[s:s + args.batch])
            mirror = rng.random(len(ix)) < 0.5
            pred = net(*batch_tensors(board[ix], black[ix], mirror, buckets, device))
            p = torch.sigmoid(args.k * SCALE * pred)
            loss = ((p - target_all[ix].to(device)) ** 2).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            net.clip()
            total += float(loss) * len(ix)
            count += len(ix)
        sched.step()
        entry = {'epoch': epoch + 1, 'train': total / count, 'heldOut': held_loss(), 'seconds': round(time.time() - started)}
        losses.append(entry)
        print(f"epoch {entry['epoch']}: train {entry['train']:.6f}  held out {entry['heldOut']:.6f}  ({entry['seconds']} s)", flush=True)

    net = net.cpu()
    # The float network it trained last: through the rounded weights when the last epochs did.
    net.quantised = args.quantised_epochs > 0
    q = quantise(net)
    sample = held_ix[:: max(1, len(held_ix) // 4000)]
    with torch.no_grad():
        float_cp = (net(*batch_tensors(board[sample], black[sample], None, buckets)).numpy() * SCALE)
    _, int_cp = integer_output(q, board[sample], black[sample], buckets)
    error = float(np.abs(float_cp - int_cp).mean())
    print(f'quantisation: integer network {error:.2f} cp from the float one on average ({len(sample)} held-out positions)')
    # The held-out error of what the engine will run: the integer network's centipawns.
    total = 0.0
    for s in range(0, len(held_ix), 4096):
        ix = held_ix[s:s + 4096]
        _, cp = integer_output(q, board[ix], black[ix], buckets)
        total += float(((1 / (1 + np.exp(-args.k * cp)) - target_all[ix].numpy()) ** 2).sum())
    held_integer = total / max(len(held_ix), 1)
    print(f'held out, integer network: {held_integer:.6f}')
    write_network(args.out, h, buckets, q)
    # Positions with the integer network's centipawns: test/tune/nnue-kb-trained.test.ts holds the
    # TypeScript reference (and so the engine) to them, so the trainer's inputs are the engine's.
    checks = [{'fen': fen_of(board[i], black[i]), 'cp': int(int_cp[j])} for j, i in enumerate(sample[:32])]
    sidecar = {
        'network': f'XQNN version 2: {INPUTS} king-bucketed inputs x 2 perspectives -> {h} x 2 -> {buckets} output buckets (web/engine/nnue-kb.ts)',
        'hidden': h,
        'outputBuckets': buckets,
        'data': args.data,
        'positions': n,
        'training': len(train_ix),
        'heldOut': len(held_ix),
        'settings': {'epochs': args.epochs, 'lr': args.lr, 'decay': args.decay, 'batch': args.batch, 'k': args.k,
                     'lambda': args.lam, 'seed': args.seed, 'quantisedEpochs': args.quantised_epochs, 'qa': QA, 'qb': QB, 'mirror': 'random per sample', 'trainer': 'tune/nnue_train.py (PyTorch ' + torch.__version__ + ')'},
        'losses': losses,
        'quantisationErrorCp': round(error, 3),
        'heldOutInteger': round(held_integer, 8),
        'checks': checks,
    }
    with open(args.out + '.json', 'w') as f:
        json.dump(sidecar, f, indent=1)
        f.write('\n')
    print(f'wrote {args.out} ({os.path.getsize(args.out)} bytes) and {args.out}.json')


if __name__ == '__main__':
    main()
