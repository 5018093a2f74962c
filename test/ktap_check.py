#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Strict KTAP checker for KUnit output taken from a kernel log.

Usage: ktap_check.py LOG [--suites N] [--allow-skip SUITE/CASE]...
                        [--ktap-out FILE] [--quiet]

Reads the log, keeps everything from the first "KTAP version" line (kernel
log timestamps and CRs are stripped), parses the nested KTAP, and fails
(exit 1) when:
  - there is no KTAP, no plan, or a plan ("1..N") that does not match the
    results that follow (fewer results = a crash or a hang, more = garbage);
  - result numbers are out of order, or a line looks like a result but is
    malformed;
  - any test, subtest or parameter is "not ok";
  - any suite, test, subtest or parameter is skipped ("ok N name # SKIP
    why"): a check that did not run is not a pass.  --allow-skip PATTERN
    (fnmatch on "suite/case[/param]", repeatable) lets an expected skip
    through; it is printed, and counted neither passed nor failed;
  - two suites, or two cases of one suite, have the same name, or a suite
    holds no test case;
  - --suites N is given and the top level does not hold N suites.
Prints the per-suite counts of leaf test cases (parameterised cases count
once per parameter), any lines it did not understand, and a final line
  ktap-totals PASSED FAILED SKIPPED
where SKIPPED is the skips not allowed (each also fails the run; FAILED
counts the "not ok" cases and the other problems above).
--ktap-out writes the cleaned KTAP text (what `kunit.py parse` accepts).
"""

import argparse
import fnmatch
import re
import sys

TS = re.compile(r"^\[\s*\d+\.\d+\]\s?")
RESULT = re.compile(r"^(not ok|ok)\s+(\d+)(?:\s+-)?(?:\s+([^#]*?))?\s*(?:#\s*(.*))?$")
PLAN = re.compile(r"^1\.\.(\d+)$")
VERSION = re.compile(r"^(KTAP|TAP) version \d+$")


class Node:
    def __init__(self, name, ok, directive, children, depth):
        self.name = name
        self.ok = ok
        self.directive = directive or ""
        self.children = children
        self.depth = depth

    @property
    def skipped(self):
        return self.directive.strip().upper().startswith("SKIP")


class KtapError(Exception):
    pass


def clean(text):
    out = []
    for line in text.splitlines():
        line = line.replace("\r", "")
        line = TS.sub("", line)
        out.append(line.rstrip())
    return out


def indent_of(line):
    n = len(line) - len(line.lstrip(" "))
    return n // 4 if n % 4 == 0 else -1


class Parser:
    def __init__(self, lines):
        self.lines = lines
        self.i = 0
        self.unknown = []
        self.diag = []

    def peek(self):
        return self.lines[self.i] if self.i < len(self.lines) else None

    def more_at(self, depth, from_here=False):
        """Whether the next structural (non-comment, non-text) line is at
        @depth or deeper."""
        for line in self.lines[self.i + (0 if from_here else 1):]:
            body = line.strip()
            ind = indent_of(line)
            if not body or ind == -1 or body.startswith("#"):
                continue
            if RESULT.match(body) or PLAN.match(body) or VERSION.match(body):
                return ind >= depth
        return False

    def parse_level(self, depth, require_plan):
        """Parse the lines at indentation @depth until a line at a lower
        depth (the parent's result) or the end.  Returns (plan, results)."""
        plan = None
        results = []
        pending_children = None
        expected = 1
        while True:
            line = self.peek()
            if line is None:
                break
            if line == "":
                self.i += 1
                continue
            ind = indent_of(line)
            body = line.strip()
            if ind == -1:
                if RESULT.match(body) or PLAN.match(body):
                    raise KtapError("line %d: result or plan at an indentation that is "
                                    "not a multiple of 4: %r" % (self.i + 1, line))
                # odd indentation: another kernel message
                self.unknown.append(line)
                self.i += 1
                continue
            if ind < depth:
                # KUnit prints the log of a parameterised case one level
                # up, between that case's results: a comment or free text
                # at a lower depth does not end this block, a result, plan
                # or version line does.
                if (body.startswith("#") or not (RESULT.match(body) or PLAN.match(body)
                                                 or VERSION.match(body))) and \
                        self.more_at(depth):
                    self.i += 1
                    if body.startswith("#"):
                        self.diag.append(body)
                    else:
                        self.unknown.append(line)
                    continue
                break
            if ind > depth and not (RESULT.match(body) or PLAN.match(body)
                                    or VERSION.match(body)) \
                    and not self.more_at(depth + 1, from_here=True):
                # free text (e.g. a failed expectation's values) indented
                # deeper, not the start of a subtest block
                self.i += 1
                if not body.startswith("#"):
                    self.unknown.append(line)
                continue
            if ind > depth:
                if ind != depth + 1:
                    raise KtapError("line %d: jumps from depth %d to %d: %r"
                                    % (self.i + 1, depth, ind, line))
                if pending_children is not None:
                    raise KtapError("line %d: a second subtest block without "
                                    "a result line for the first" % (self.i + 1))
                sub_plan, sub = self.parse_level(depth + 1, require_plan=depth + 1 <= 1)
                pending_children = (sub_plan, sub)
                continue
            self.i += 1
            if VERSION.match(body):
                continue
            m = PLAN.match(body)
            if m:
                if plan is not None or results:
                    raise KtapError("line %d: unexpected plan %r" % (self.i, body))
                plan = int(m.group(1))
                continue
            if body.startswith("#"):
                self.diag.append(("  " * depth) + body)
                continue
            m = RESULT.match(body)
            if m:
                num = int(m.group(2))
                if num != expected:
                    raise KtapError("line %d: result %d where %d was expected: %r"
                                    % (self.i, num, expected, body))
                expected += 1
                children = []
                if pending_children is not None:
                    sub_plan, children = pending_children
                    if sub_plan is not None and sub_plan != len(children):
                        raise KtapError("line %d: %r planned %d subtests, %d reported"
                                        % (self.i, m.group(3), sub_plan, len(children)))
                    pending_children = None
                results.append(Node((m.group(3) or "").strip(), m.group(1) == "ok",
                                    m.group(4), children, depth))
                continue
            if body.startswith(("ok", "not ok")):
                raise KtapError("line %d: malformed result line %r" % (self.i, body))
            self.unknown.append(line)
        if pending_children is not None:
            raise KtapError("subtests at depth %d end without their result line "
                            "(crash or hang?)" % (depth + 1))
        if require_plan and plan is None:
            raise KtapError("no plan (1..N) at depth %d" % depth)
        if plan is not None and plan != len(results):
            raise KtapError("plan 1..%d at depth %d but %d results (crash or hang?)"
                            % (plan, depth, len(results)))
        return plan, results


def leaves(node):
    if not node.children:
        return [node]
    out = []
    for c in node.children:
        out.extend(leaves(c))
    return out


def leaf_paths(node, path=""):
    """The "suite/case/param" paths of leaves(node), in the same order."""
    here = path + "/" + node.name if path else node.name
    if not node.children:
        return [here]
    out = []
    for c in node.children:
        out.extend(leaf_paths(c, here))
    return out


def failures(node, path=""):
    """Every not-ok node, and parents that claim ok over failed children."""
    here = path + "/" + node.name if path else node.name
    out = []
    if not node.ok:
        out.append(here)
    for c in node.children:
        out.extend(failures(c, here))
    if node.ok and any(not c.ok for c in node.children):
        out.append(here + " (reported ok over failed subtests)")
    return out


def skips(node, path=""):
    """(path, directive) of every skipped node that has no skipped node
    below it: a skipped leaf, or a parent skipped over cases that ran."""
    here = path + "/" + node.name if path else node.name
    out = []
    for c in node.children:
        out.extend(skips(c, here))
    if node.skipped and not out:
        out.append((here, node.directive))
    return out


def duplicates(names):
    return sorted(set(n for n in names if names.count(n) > 1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--suites", type=int)
    ap.add_argument("--allow-skip", action="append", default=[], metavar="PATTERN")
    ap.add_argument("--ktap-out")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args()

    with open(a.log, errors="replace") as f:
        lines = clean(f.read())
    start = next((i for i, l in enumerate(lines) if VERSION.match(l.strip())
                  and indent_of(l) == 0), None)
    if start is None:
        print("KTAP: no 'KTAP version' line in %s" % a.log)
        print("ktap-totals 0 1 0")
        return 1
    lines = lines[start:]
    if a.ktap_out:
        with open(a.ktap_out, "w") as f:
            f.write("\n".join(lines) + "\n")

    p = Parser(lines)
    rc = 0
    try:
        plan, suites = p.parse_level(0, require_plan=True)
    except KtapError as e:
        print("KTAP: malformed or truncated: %s" % e)
        print("ktap-totals 0 1 0")
        return 1

    tp = tf = ts = 0
    for s in suites:
        lv = leaves(s) if s.children else []
        sk = skips(s)
        allowed = [x for x in sk if any(fnmatch.fnmatchcase(x[0], pat)
                                        for pat in a.allow_skip)]
        sk = [x for x in sk if x not in allowed]
        # a leaf under a skipped parent did not pass either
        skipped = set(p for p, _ in sk + allowed)
        def under_skip(path):
            return any(path == p or path.startswith(p + "/") for p in skipped)
        sp = sum(1 for n, path in zip(lv, leaf_paths(s)) if n.ok and not under_skip(path))
        sf = sum(1 for n in lv if not n.ok)
        # a failed case with passing subtests still counts as a failure
        fl = failures(s)
        if fl and sf == 0:
            sf = 1
        problems = []
        if not s.children and not s.skipped:
            problems.append("no test cases")
        dup = duplicates([c.name for c in s.children])
        if dup:
            problems.append("cases reported more than once: %s" % ", ".join(dup))
        sf += len(problems)
        tp, tf, ts = tp + sp, tf + sf, ts + len(sk)
        print("KTAP suite %-22s %4d passed, %d failed, %d skipped%s"
              % (s.name, sp, sf, len(sk), "" if s.ok else "  <-- NOT OK"))
        for x in fl:
            print("    not ok: %s" % x)
        for x in problems:
            print("    %s" % x)
        for path, why in sk:
            print("    skipped: %s (%s)" % (path, why))
        for path, why in allowed:
            print("    skipped (allowed by --allow-skip): %s (%s)" % (path, why))
    dup = duplicates([s.name for s in suites])
    if dup:
        print("KTAP: suites reported more than once: %s" % ", ".join(dup))
        tf += len(dup)
    if a.suites is not None and len(suites) != a.suites:
        print("KTAP: %d suites reported, %d expected" % (len(suites), a.suites))
        tf += 1
    if ts:
        print("KTAP: %d skipped (did not run): each counts as a failure" % ts)
    if not suites:
        print("KTAP: no suites")
        tf += 1
    if p.unknown and not a.quiet:
        print("KTAP: %d non-KTAP lines inside the output (kernel messages):" % len(p.unknown))
        for l in p.unknown[:20]:
            print("    | " + l)
    print("ktap-totals %d %d %d" % (tp, tf, ts))
    return 1 if tf or ts else rc


if __name__ == "__main__":
    sys.exit(main())
