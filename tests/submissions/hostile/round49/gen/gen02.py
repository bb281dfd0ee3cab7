"""Generate 02_deep_json_notebook.ipynb: a correct notebook (the jit sample's code) whose JSON also
holds 100,000 nested arrays under a top-level key."""
import json, sys

out = sys.argv[1]
notebook = json.load(open(sys.argv[2] if len(sys.argv) > 2 else "/tmp/h49base/samples/jit/seoyeon.ipynb"))
notebook["cells"].insert(0, {"cell_type": "markdown", "metadata": {}, "source": [
    "Mechanism: the notebook's JSON nests 100,000 arrays under a top-level key (`x_deep`). The judge "
    "reads a notebook with json.loads and catches only ValueError (`submission._notebook_cells`), and "
    "`batch.grading._read` reads every file of a batch before grading any, catching only SubmissionError: "
    "json.loads raises RecursionError. Tries to earn: the whole `jaxgrade grade` command dies with a "
    "traceback (exit status 1, which means 'a score is below --fail-under'), and no classmate graded in "
    "the same command gets a report. Contained outcome: this file alone is reported as ungradable "
    "(exit status 2, `error` field), every other file is graded."]})
text = json.dumps(notebook)
deep = "[" * 100_000 + "]" * 100_000
text = text[:-1] + ', "x_deep": ' + deep + "}"
# keep the JSON valid: put it inside the top-level object (metadata-like key)
open(out, "w").write(text)
