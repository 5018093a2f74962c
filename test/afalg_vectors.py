#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Independent (pure Python, straight from the specs) ChaCha / HChaCha /
# XChaCha / Poly1305 / ChaCha20-Poly1305 that checks every known answer of
# test/vectors.h (read from that file: the answers live there only; the
# harness, the KUnit module and test/afalg.c take them from there too).
# It computed the XChaCha12 answers there, which no standard publishes.
#
#   python3 test/afalg_vectors.py          # one line per answer; exit 1 on
#                                          # any mismatch
#
# SHA-3 and SHAKE answers are checked against Python's hashlib (OpenSSL).

import hashlib
import os
import re
import struct
import sys

MASK = 0xffffffff


def rotl(v, c):
    return ((v << c) & MASK) | (v >> (32 - c))


def qr(x, a, b, c, d):
    x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 16)
    x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 12)
    x[a] = (x[a] + x[b]) & MASK; x[d] = rotl(x[d] ^ x[a], 8)
    x[c] = (x[c] + x[d]) & MASK; x[b] = rotl(x[b] ^ x[c], 7)


def rounds(x, nrounds):
    for _ in range(nrounds // 2):
        qr(x, 0, 4, 8, 12); qr(x, 1, 5, 9, 13); qr(x, 2, 6, 10, 14); qr(x, 3, 7, 11, 15)
        qr(x, 0, 5, 10, 15); qr(x, 1, 6, 11, 12); qr(x, 2, 7, 8, 13); qr(x, 3, 4, 9, 14)


SIGMA = struct.unpack('<4I', b'expand 32-byte k')


def chacha_block(key, ctr_nonce16, nrounds):
    """RFC 8439 2.3; ctr_nonce16 = the 4 state words 12..15 (LE)."""
    s = list(SIGMA) + list(struct.unpack('<8I', key)) + list(struct.unpack('<4I', ctr_nonce16))
    x = s[:]
    rounds(x, nrounds)
    return struct.pack('<16I', *[(a + b) & MASK for a, b in zip(x, s)])


def chacha(key, iv16, data, nrounds=20):
    """The kernel's "chacha20" skcipher: iv = LE32 counter || 96-bit nonce.
    The block counter is state word 12 only and wraps at 2^32 without a
    carry into word 13 (the kernel's chacha_block_generic: x[12]++)."""
    ctr = struct.unpack('<I', iv16[:4])[0]
    out = bytearray()
    for i in range(0, len(data), 64):
        ks = chacha_block(key, struct.pack('<I', ctr) + iv16[4:], nrounds)
        out += bytes(a ^ b for a, b in zip(data[i:i + 64], ks))
        ctr = (ctr + 1) & MASK
    return bytes(out)


def hchacha(key, nonce16, nrounds):
    """draft-irtf-cfrg-xchacha 2.2."""
    x = list(SIGMA) + list(struct.unpack('<8I', key)) + list(struct.unpack('<4I', nonce16))
    rounds(x, nrounds)
    return struct.pack('<8I', *(x[0:4] + x[12:16]))


def xchacha(key, iv32, data, nrounds):
    """The kernel's "xchacha20"/"xchacha12": iv = 24-byte nonce || LE64
    counter. Subkey = HChaCha(key, nonce[0:16]); then ChaCha with state
    words 12..15 = counter(64) || nonce[16:24]."""
    sub = hchacha(key, iv32[:16], nrounds)
    # state words 12..15 = iv[24:32] (counter) || iv[16:24] (nonce tail);
    # like chacha20 only word 12 counts (kernel semantics: no carry into
    # word 13, unlike libsodium's 64-bit counter)
    return chacha(sub, iv32[24:32] + iv32[16:24], data, nrounds)


def poly1305(key, msg):
    """RFC 8439 2.5."""
    r = int.from_bytes(key[:16], 'little') & 0x0ffffffc0ffffffc0ffffffc0fffffff
    s = int.from_bytes(key[16:32], 'little')
    p = (1 << 130) - 5
    acc = 0
    for i in range(0, len(msg), 16):
        n = int.from_bytes(msg[i:i + 16] + b'\x01', 'little')
        acc = (acc + n) * r % p
    return ((acc + s) & ((1 << 128) - 1)).to_bytes(16, 'little')


def aead(key, nonce, ad, pt):
    """RFC 8439 2.8: ChaCha20 from block 1, Poly1305 keyed by block 0 over
    AD || pad16 || CT || pad16 || le64(len AD) || le64(len CT)."""
    otk = chacha_block(key, struct.pack('<I', 0) + nonce, 20)[:32]
    ct = chacha(key, struct.pack('<I', 1) + nonce, pt)

    def pad(b):
        return b + bytes(-len(b) % 16)
    mac = pad(ad) + pad(ct) + struct.pack('<QQ', len(ad), len(ct))
    return ct, poly1305(otk, mac)


def c_string(lits):
    """Concatenated C string literals (source text) -> bytes."""
    out = bytearray()
    for lit in re.findall(r'"((?:[^"\\]|\\.)*)"', lits):
        i = 0
        while i < len(lit):
            if lit[i] == '\\':
                if lit[i + 1] == 'x':
                    m = re.match(r'[0-9a-fA-F]+', lit[i + 2:])
                    out.append(int(m.group(0), 16))
                    i += 2 + len(m.group(0))
                else:
                    out += lit[i + 1].encode()
                    i += 2
            else:
                out += lit[i].encode()
                i += 1
    return bytes(out)


def vectors_h(array):
    """The entries of array[] in test/vectors.h: each a list of its fields,
    C strings as bytes, numbers as ints, a struct sc_msg as bytes (None for
    { 0 }: no message)."""
    src = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), 'vectors.h')).read()
    src = re.sub(r'/\*.*?\*/', '', src, flags=re.S)
    macros = {m.group(1): m.group(2) for m in
              re.finditer(r'#define (SC_\w+)[ \t]*\\?\n((?:.*\\\n)*.*)', src)}
    body = src[src.index(array + '[] '):]
    body = body[body.index('{') + 1:body.index('\n};')]
    for name, val in macros.items():
        body = re.sub(r'\b%s\b' % name, lambda _: val.replace('\\\n', ' '), body)
    ents, depth, cur = [], 0, ''
    for ch in body:
        if ch == '{':
            depth += 1
            if depth == 1:
                cur = ''
                continue
        elif ch == '}':
            depth -= 1
            if depth == 0:
                ents.append(cur)
                continue
        if depth >= 1:
            cur += ch
    return [[field(f) for f in split_fields(e)] for e in ents]


def split_fields(entry):
    """Top-level comma-separated fields; a nested { } is one field."""
    out, depth, cur, quoted = [], 0, '', False
    for i, ch in enumerate(entry):
        if ch == '"' and entry[i - 1] != '\\':
            quoted = not quoted
        if not quoted:
            depth += ch == '{'
            depth -= ch == '}'
            if ch == ',' and depth == 0:
                out.append(cur.strip())
                cur = ''
                continue
        cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def field(f):
    if f.startswith('{'):
        inner = f[1:-1].strip()
        if inner == '0':
            return None
        d = dict((m.group(1), m.group(2).strip()) for m in
                 re.finditer(r'\.(\w+)\s*=\s*((?:"(?:[^"\\]|\\.)*"\s*)+|[^,]+)', inner))
        if 'text' in d:
            return c_string(d['text'])
        if 'hex' in d:
            return H(c_string(d['hex']).decode())
        return bytes([int(d['rep_byte'], 0)]) * int(d['rep_len'], 0)
    if f.startswith('"'):
        return c_string(f)
    return int(f, 0)


H = bytes.fromhex

def main():
    ok = True

    def check(name, got, want):
        nonlocal ok
        if got != want:
            ok = False
            print('MISMATCH %s\n  got  %s\n  want %s' % (name, got.hex(), want.hex()))
        else:
            print('ok %s' % name)

    hx = lambda b: H(b.decode())
    n = 0
    for src, key, nonce, ctr, pt, ct in vectors_h('sc_chacha_kats'):
        ct = hx(ct)
        check('chacha20 ' + src.decode(),
              chacha(hx(key), struct.pack('<I', ctr) + hx(nonce), pt or bytes(len(ct))), ct)
        n += 1
    for src, key, nonce16, out in vectors_h('sc_hchacha_kats'):
        check('hchacha20 ' + src.decode(), hchacha(hx(key), hx(nonce16), 20), hx(out))
        n += 1
    for src, nrounds, key, nonce24, ctr, pt, ct in vectors_h('sc_xchacha_kats'):
        check('xchacha%d %s' % (nrounds, src.decode()),
              xchacha(hx(key), hx(nonce24) + struct.pack('<Q', ctr), pt, nrounds), hx(ct))
        n += 1
    for src, key, msg, tag in vectors_h('sc_poly1305_kats'):
        check('poly1305 ' + src.decode(), poly1305(hx(key), msg), hx(tag))
        n += 1
    for src, alg, msg, md in vectors_h('sc_sha3_kats'):
        md = hx(md)
        h = hashlib.new(alg.decode().replace('-', '_'), msg)
        check(src.decode(), h.digest(len(md)) if alg.startswith(b'shake') else h.digest(), md)
        n += 1
    # RFC 8439 2.6.2 (Poly1305 key generation): this code's own check
    check('poly1305 key gen RFC 8439 2.6.2',
          chacha_block(bytes(range(0x80, 0xa0)), bytes(4) + H('000000000001020304050607'), 20)[:32],
          H('8ad5a08b905f81cc815040274ab29471a833b637e3fd0da508dbb8e2fdd1a646'))
    for src, esp, key, iv, ad, pt, ct, tag in vectors_h('sc_aead_kats'):
        key, nonce, ad = hx(key), hx(iv), hx(ad)
        if esp:
            key, nonce, ad = key[:32], key[32:] + nonce, ad[:-8]
        got_ct, got_tag = aead(key, nonce, ad, pt)
        check('aead ' + src.decode(), got_ct + got_tag, hx(ct) + hx(tag))
        n += 1
    if n < 40:
        ok = False
        print('MISMATCH test/vectors.h: only %d answers parsed' % n)
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
