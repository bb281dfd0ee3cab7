"""Generate 13_cell_failure_flag_flood.ipynb: an honest notebook plus N tiny cells, each raising a
ValueError whose message is one 4,000-character line: every failed cell is a flag of its own."""
import json, sys

n = int(sys.argv[1]); out = sys.argv[2]
honest = json.load(open(sys.argv[3] if len(sys.argv) > 3 else "/tmp/h49base/samples/jit/seoyeon.ipynb"))
cells = [c for c in honest["cells"] if c["cell_type"] == "code"]
header = {"cell_type": "markdown", "metadata": {}, "source": [
    "Mechanism: a flood of report text the student's code does not print. Output is capped at 16 KiB, "
    "but every cell that fails adds a flag (`grade._cell_flags`) with its exception's first line (up to "
    "4,000 characters, `loader._first_lines`), with no cap on their number, and flags are kept even when "
    "repeated (`_Flags.add`). %d cells of one line each make %d flags: tens of MB in every report format, "
    "and minutes of the judge rendering them (rich wraps each). Tries to earn: a report far larger than the "
    "output cap, slow to render, that buries the real verdicts. Contained outcome: flags capped (a few, "
    "then '(+N more)'), report size bounded (well under 1 MB), grading time bounded." % (n, n)]}
flood = {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
         "source": ["raise ValueError('FAKE: all checks passed, 30/30 ' * 129)"]}
honest["cells"] = [header] + cells + [flood] * n
json.dump(honest, open(out, "w"))
