"""The catalog of student-facing messages, each in Korean and English.

Placeholders must be the same in both languages (a test enforces it). Code
and identifiers stay in backticks so they read the same in either language.
"""

from __future__ import annotations

__all__ = ["MESSAGES"]

MESSAGES: dict[str, dict[str, str]] = {
    # ------------------------------------------------------------ exercise
    "exercise.missing": {
        "en": "`{name}` is not defined in your submission. Define a function named `{name}` (check the spelling).",
        "ko": "제출물에 `{name}`이(가) 정의되어 있지 않습니다. 철자를 확인하고 `{name}`(이)라는 이름의 함수를 정의하세요.",
    },
    "exercise.missing_cells": {
        "en": " These cells failed to run, and may be where it was defined: {cells}.",
        "ko": " 다음 셀이 실행에 실패했으며, 함수가 그곳에 정의되어 있었을 수 있습니다: {cells}.",
    },
    "exercise.missing_statements": {
        "en": " These parts of your file failed to run, and one may be where it was defined: {cells}.",
        "ko": " 파일에서 다음 부분이 실행에 실패했으며, 함수가 그곳에 정의되어 있었을 수 있습니다: {cells}.",
    },
    "exercise.not_callable": {
        "en": "`{name}` is a `{type}`, not a function. Define `{name}` as a function.",
        "ko": "`{name}`은(는) 함수가 아니라 `{type}`입니다. `{name}`을(를) 함수로 정의하세요.",
    },
    "exercise.not_implemented": {
        "en": "`{name}` still raises NotImplementedError. Replace `raise NotImplementedError()` with your solution.",
        "ko": "`{name}`이(가) 아직 NotImplementedError를 발생시킵니다. `raise NotImplementedError()`를 여러분의 풀이로 바꾸세요.",
    },
    "exercise.skipped_missing": {
        "en": "Skipped: `{name}` is missing or not implemented.",
        "ko": "건너뜀: `{name}`이(가) 없거나 아직 구현되지 않았습니다.",
    },
    "exercise.skipped_lost": {
        "en": "Not run: your code stopped the grader's worker during the `{check}` check.",
        "ko": "실행하지 않음: `{check}` 검사 중에 여러분의 코드가 채점 작업 프로세스를 멈추게 했습니다.",
    },
    "exercise.skipped_requires": {
        "en": "Skipped: this check earns points only once `{required}` passes, so fix that first; it was not run.",
        "ko": "건너뜀: 이 검사는 `{required}` 검사를 통과한 뒤에만 점수를 받을 수 있어서 실행하지 않았습니다. 그 검사부터 고치세요.",
    },
    "exercise.withheld": {
        "en": "Skipped: no points until `{gate}` passes. This check also found: {finding}",
        "ko": "건너뜀: `{gate}` 검사를 통과해야 점수를 받습니다. 이 검사가 발견한 문제: {finding}",
    },
    "exercise.withheld_same": {
        "en": "Skipped: no points until `{gate}` passes. This check fails for the same reason.",
        "ko": "건너뜀: `{gate}` 검사를 통과해야 점수를 받습니다. 이 검사도 같은 이유로 실패합니다.",
    },
    "exercise.withheld_passed": {
        "en": "Skipped: no points until `{gate}` passes. This check itself passed.",
        "ko": "건너뜀: `{gate}` 검사를 통과해야 점수를 받습니다. 이 검사 자체는 통과했습니다.",
    },
    "exercise.time_limit": {
        "en": "Not run: the time limit of {seconds} s for the whole submission was reached.",
        "ko": "실행하지 않음: 제출물 전체에 주어진 제한 시간 {seconds}초를 넘었습니다.",
    },
    "exercise.internal_error": {
        "en": "The grader itself failed on this check ({type}). This is not your fault; please tell your instructor.",
        "ko": "이 검사에서 채점기 자체에 오류가 났습니다({type}). 여러분의 잘못이 아니니 강사에게 알려 주세요.",
    },
    # ----------------------------------------------------------- bad input
    "input.missing": {
        "en": "{path}: there is no such file. Check the path, and pass the .ipynb or .py file to grade.",
        "ko": "{path}: 그런 파일이 없습니다. 경로를 확인하고 채점할 .ipynb 또는 .py 파일을 지정하세요.",
    },
    "input.not_a_file": {
        "en": "{path}: this is a folder, not a file. Pass the .ipynb or .py file inside it.",
        "ko": "{path}: 파일이 아니라 폴더입니다. 그 안의 .ipynb 또는 .py 파일을 지정하세요.",
    },
    "input.wrong_kind": {
        "en": "{path}: not a notebook or a Python file (its name ends in {suffix}). Submit the .ipynb notebook or a .py file.",
        "ko": "{path}: 노트북이나 Python 파일이 아닙니다(이름이 {suffix}(으)로 끝남). .ipynb 노트북이나 .py 파일을 제출하세요.",
    },
    "input.unreadable": {
        "en": "{path}: the file cannot be read (no permission). Check that the grader may read it.",
        "ko": "{path}: 파일을 읽을 수 없습니다(권한 없음). 채점기가 읽을 수 있는지 확인하세요.",
    },
    "input.too_large": {
        "en": "{path}: the file is larger than {megabytes} MB, too large for a submission. Clear the notebook's outputs and save it again.",
        "ko": "{path}: 파일이 {megabytes} MB보다 커서 제출물로 받을 수 없습니다. 노트북의 출력을 지우고 다시 저장하세요.",
    },
    "input.empty": {
        "en": "{path}: the file is empty. Save the notebook in JupyterLab, then submit it again.",
        "ko": "{path}: 빈 파일입니다. JupyterLab에서 노트북을 저장한 뒤 다시 제출하세요.",
    },
    "input.not_text": {
        "en": "{path}: the file is not text (not UTF-8), so it is not a notebook. It may be damaged; download or save it again.",
        "ko": "{path}: 텍스트(UTF-8) 파일이 아니어서 노트북이 아닙니다. 손상되었을 수 있으니 다시 내려받거나 저장하세요.",
    },
    "input.not_json": {
        "en": "{path}: the file is damaged or not a notebook (its contents are not notebook JSON). Open it in JupyterLab, save it, and submit again.",
        "ko": "{path}: 파일이 손상되었거나 노트북이 아닙니다(내용이 노트북 JSON이 아님). JupyterLab에서 열어 저장한 뒤 다시 제출하세요.",
    },
    "input.not_notebook": {
        "en": "{path}: this is not a Jupyter notebook (it has no cells a notebook would have). Submit the .ipynb file JupyterLab saved.",
        "ko": "{path}: Jupyter 노트북이 아닙니다(노트북에 있어야 할 셀이 없음). JupyterLab이 저장한 .ipynb 파일을 제출하세요.",
    },
    "input.unknown_assignment": {
        "en": "there is no assignment {name!r}; choose one of: {known}.",
        "ko": "{name!r}(이)라는 과제는 없습니다. 다음 중에서 고르세요: {known}.",
    },
    # --------------------------------------------------------------- cells
    "cell.syntax_error": {
        "en": "{cell}, line {line}: SyntaxError: {message}",
        "ko": "{cell}, {line}번째 줄: SyntaxError: {message}",
    },
    "cell.error": {
        "en": "{cell}, line {line}: {type}: {message}",
        "ko": "{cell}, {line}번째 줄: {type}: {message}",
    },
    "cell.missing_module": {
        "en": "{cell}, line {line}: the grader has no `{module}` module (it has Python's standard library and "
              "{libraries}). Remove the import and the code that uses it, or ask your instructor to add `{module}`. "
              "Only what this part of your submission would have defined is lost.",
        "ko": "{cell}, {line}번째 줄: 채점기에는 `{module}` 모듈이 없습니다(쓸 수 있는 것: Python 표준 라이브러리, {libraries}). 이 import 문과 그 모듈을 쓰는 코드를 지우거나, 강사에게 `{module}` 모듈을 추가해 달라고 요청하세요. 이 부분이 정의했을 이름만 빠지고, 제출물의 나머지는 그대로 채점됩니다.",
    },
    "cell.platform_module": {
        "en": "{cell}, line {line}: `{module}` exists only on {platform}, and the grader runs your code elsewhere. "
              "Put that import and the code that uses it under `try:` ... `except ImportError:`, or remove them. "
              "Only what this part of your submission would have defined is lost.",
        "ko": "{cell}, {line}번째 줄: `{module}` 모듈은 {platform}에만 있고, 채점기는 다른 곳에서 코드를 실행합니다. 이 import 문과 그 모듈을 쓰는 코드를 `try:` ... `except ImportError:` 안에 넣거나 지우세요. 이 부분이 정의했을 이름만 빠지고, 제출물의 나머지는 그대로 채점됩니다.",
    },
    "cell.written_module": {
        "en": "{cell}, line {line}: `{module}` is the file your notebook writes with `%%writefile`, and the grader "
              "runs no `%%writefile` (nor any other shell or file magic). Put that code in a cell of the notebook "
              "and remove the import. Only what this part of your submission would have defined is lost.",
        "ko": "{cell}, {line}번째 줄: `{module}`은(는) 노트북이 `%%writefile`로 만드는 파일인데, 채점기는 `%%writefile`을 비롯한 셸·파일 매직을 실행하지 않습니다. 그 코드를 노트북 셀에 직접 넣고 import 문을 지우세요. 이 부분이 정의했을 이름만 빠지고, 제출물의 나머지는 그대로 채점됩니다.",
    },
    # --------------------------------------------------------- worker lost
    "lost.timeout": {
        "en": "Your code did not finish within {seconds} s{on_input} and was stopped. Look for an infinite loop or very slow code.",
        "ko": "여러분의 코드가 {seconds}초 안에 끝나지 않아{on_input} 중단했습니다. 무한 루프나 매우 느린 코드가 있는지 확인하세요.",
    },
    "lost.exited": {
        "en": "The process running your code ended ({detail}){on_input}. A graded function must return a value, not exit or crash.",
        "ko": "여러분의 코드를 실행하던 프로세스가 종료되었습니다({detail}){on_input}. 채점 대상 함수는 값을 반환해야 하며, 프로세스를 끝내거나 비정상 종료시키면 안 됩니다.",
    },
    "lost.loading": {
        "en": "The process running your code ended while your cells were loading ({detail}), before any function "
              "could be graded. Remove the code that exits or crashes at the top level (outside your functions).",
        "ko": "셀을 불러오는 동안 여러분의 코드를 실행하던 프로세스가 종료되어({detail}) 어떤 함수도 채점하지 못했습니다. 함수 밖(최상위)에서 프로세스를 끝내거나 비정상 종료시키는 코드를 지우세요.",
    },
    "exercise.skipped_loading": {
        "en": "Not graded: grading stopped while your cells were loading (see `{first}`).",
        "ko": "채점하지 않음: 셀을 불러오는 동안 채점이 멈췄습니다(`{first}` 참고).",
    },
    "exercise.skipped_loading_file": {
        "en": "Not graded: grading stopped while your file was loading (see `{first}`).",
        "ko": "채점하지 않음: 파일을 불러오는 동안 채점이 멈췄습니다(`{first}` 참고).",
    },
    "lost.loading_file": {
        "en": "The process running your code ended while your file was loading ({detail}), before any function "
              "could be graded. Remove the code that exits or crashes at the top level (outside your functions).",
        "ko": "파일을 불러오는 동안 여러분의 코드를 실행하던 프로세스가 종료되어({detail}) 어떤 함수도 채점하지 못했습니다. 함수 밖(최상위)에서 프로세스를 끝내거나 비정상 종료시키는 코드를 지우세요.",
    },
    "lost.protocol": {
        "en": "Your code interfered with the grader's channel ({detail}){on_input}.",
        "ko": "여러분의 코드가 채점기와의 통신을 방해했습니다({detail}){on_input}.",
    },
    "lost.startup": {
        "en": "The grading worker could not start: {detail}.",
        "ko": "채점 작업 프로세스를 시작하지 못했습니다: {detail}.",
    },
    "lost.disk": {
        "en": "Your code wrote more than {mib} MiB of files{on_input} and was stopped. Graded functions should "
              "return their results, not write files; delete any temporary files you do need.",
        "ko": "여러분의 코드가 {mib} MiB가 넘는 파일을 써서{on_input} 중단했습니다. 채점 대상 함수는 파일을 쓰지 말고 "
              "결과를 반환해야 합니다. 임시 파일이 꼭 필요하다면 다 쓴 뒤 지우세요.",
    },
    "lost.shm": {
        "en": "Your code filled /dev/shm ({mib} MiB, part of the space grading allows for files){on_input} and "
              "was stopped. Graded functions should return their results, not write files.",
        "ko": "여러분의 코드가 /dev/shm({mib} MiB, 채점에서 파일에 허용하는 공간의 일부)을 가득 채워서{on_input} "
              "중단했습니다. 채점 대상 함수는 파일을 쓰지 말고 결과를 반환해야 합니다.",
    },
    "lost.processes": {
        "en": "Your code started more than {count} processes{on_input} and was stopped. A graded function "
              "computes its result in the process that calls it: remove `os.fork`, `subprocess` and "
              "`multiprocessing` from your code.",
        "ko": "여러분의 코드가 프로세스를 {count}개 넘게 시작해서{on_input} 중단했습니다. 채점 대상 함수는 자신을 "
              "호출한 프로세스 안에서 결과를 계산해야 합니다. 코드에서 `os.fork`, `subprocess`, "
              "`multiprocessing`을 없애세요.",
    },
    "probe.memory": {
        "en": "Your code used up the memory the grader gives it{on_input}: even reading back what the function returned failed. Look for arrays far larger than the inputs, made or kept by the function.",
        "ko": "여러분의 코드가 채점기가 주는 메모리를 모두 썼습니다{on_input}. 함수가 반환한 값을 읽어 오는 것조차 실패했습니다. 함수가 만들거나 붙잡아 두는, 입력보다 훨씬 큰 배열이 있는지 찾아보세요.",
    },
    "probe.unsendable": {
        "en": "What your code returned{on_input} could not be sent back to the grader ({detail}): a result must be arrays and numbers of a reasonable size. Return the array itself, not a huge integer, string or list.",
        "ko": "여러분의 코드가 반환한 값{on_input}을 채점기로 돌려보낼 수 없었습니다({detail}). 결과는 적당한 크기의 배열과 숫자여야 합니다. 거대한 정수, 문자열, 리스트가 아니라 배열 자체를 반환하세요.",
    },
    "lost.on_input": {
        "en": " on input {input}",
        "ko": " (입력: {input})",
    },
    # ---------------------------------------------------------- array kinds
    # How an input's arrays were given, said only of its arrays: Python's bool, int and float
    # arguments go to the function as they are, whichever kind the arrays were.
    "given.numpy": {"en": ", given as NumPy arrays", "ko": "(NumPy 배열로 전달)"},
    "given.jax": {"en": ", given as JAX arrays", "ko": "(JAX 배열로 전달)"},
    "given.numpy.mixed": {"en": ", its arrays given as NumPy arrays", "ko": "(배열은 NumPy 배열로 전달)"},
    "given.jax.mixed": {"en": ", its arrays given as JAX arrays", "ko": "(배열은 JAX 배열로 전달)"},
    # ---------------------------------------------------------- correctness
    "correctness.passed": {
        "en": "Matches the reference on {examples} generated inputs, each given as NumPy and as JAX arrays.",
        "ko": "생성된 입력 {examples}개 모두에서(각각 NumPy 배열과 JAX 배열로) 참조 답안과 일치합니다.",
    },
    "correctness.failed": {
        "en": "Wrong result: {detail}\nThe input{given}: {input}{full}",
        "ko": "결과가 틀렸습니다: {detail}\n입력{given}: {input}{full}",
    },
    "correctness.raised": {
        "en": "Your function {explanation}\nThe input{given}: {input}",
        "ko": "여러분의 함수가 {explanation}\n입력{given}: {input}",
    },
    "search.flaky": {
        "en": "Your function answered the same input differently from one call to the next; a pure function always returns the same output for the same input.\nThe input: {input}\nThe failing call: {explanation}",
        "ko": "여러분의 함수가 같은 입력에 대해 호출할 때마다 다른 값을 반환했습니다. 순수 함수는 같은 입력에 항상 같은 출력을 냅니다.\n입력: {input}\n실패한 호출: {explanation}",
    },
    "search.flaky_unexplained": {
        "en": "The grader saw this check fail once but could not make it fail again, and no failing input was kept, so it could not reach a verdict. This is not counted as a pass; please tell your instructor.",
        "ko": "이 검사가 한 번 실패했지만 채점기가 그 실패를 재현하지 못했고 실패한 입력도 남지 않아 판정할 수 없었습니다. 통과로 처리하지 않으니 강사에게 알려 주세요.",
    },
    # ---------------------------------------------------------- differences
    "difference.value": {
        "en": "`{path}` differs at index {index}: expected {expected}, got {actual} ({count} of {total} elements differ).",
        "ko": "`{path}`의 인덱스 {index}에서 값이 다릅니다: 기대값 {expected}, 실제값 {actual}(전체 {total}개 원소 중 {count}개가 다름).",
    },
    "difference.value_scalar": {
        "en": "`{path}` is {actual}, expected {expected}.",
        "ko": "`{path}`이(가) {actual}입니다. 기대값은 {expected}입니다.",
    },
    "difference.shape": {
        "en": "`{path}` has shape {actual}, expected shape {expected}.",
        "ko": "`{path}`의 shape가 {actual}입니다. 기대한 shape는 {expected}입니다.",
    },
    "difference.dtype": {
        "en": "`{path}` has dtype {actual}, expected {expected} (a different kind of number).",
        "ko": "`{path}`의 dtype이 {actual}입니다. 기대한 dtype은 {expected}입니다(수의 종류가 다름).",
    },
    "kind.tuple": {"en": "a tuple of {count}", "ko": "원소 {count}개인 tuple"},
    "kind.list": {"en": "a list of {count}", "ko": "원소 {count}개인 list"},
    "kind.array_of": {"en": "a {dtype} array of shape {shape}", "ko": "shape {shape}인 {dtype} 배열"},
    "kind.array": {"en": "an array", "ko": "배열"},
    "difference.type": {
        "en": "`{path}` is {actual}, expected {expected}.",
        "ko": "`{path}`이(가) {actual}입니다. 기대한 것은 {expected}입니다.",
    },
    "difference.length": {
        "en": "`{path}` has {actual} items, expected {expected}.",
        "ko": "`{path}`의 항목 수가 {actual}개입니다. 기대한 항목 수는 {expected}개입니다.",
    },
    "difference.keys": {
        "en": "`{path}` has keys {actual}, expected keys {expected}.",
        "ko": "`{path}`의 키가 {actual}입니다. 기대한 키는 {expected}입니다.",
    },
    "difference.full": {
        "en": "\nExpected output: {expected}\nYour output: {actual}",
        "ko": "\n기대한 출력: {expected}\n여러분의 출력: {actual}",
    },
    # ------------------------------------------------------------- errors
    "error.raised": {
        "en": "raised {type} at {where}.\nJAX/Python says: {message}",
        "ko": "{where}에서 {type}을(를) 발생시켰습니다.\nJAX/Python의 설명: {message}",
    },
    "error.raised_nowhere": {
        "en": "raised {type}.\nJAX/Python says: {message}",
        "ko": "{type}을(를) 발생시켰습니다.\nJAX/Python의 설명: {message}",
    },
    "where.cell": {
        "en": "the cell that starts with \"{first}\" (code cell {number})",
        "ko": "\"{first}\"(으)로 시작하는 셀({number}번째 코드 셀)",
    },
    "where.cell_run": {
        "en": "the cell that starts with \"{first}\" (shown as [{count}])",
        "ko": "\"{first}\"(으)로 시작하는 셀([{count}]로 표시된 셀)",
    },
    "where.line": {
        "en": "{filename}, line {line} (`{source}`)",
        "ko": "{filename}의 {line}번째 줄(`{source}`)",
    },
    "hint.not_implemented": {
        "en": "Replace `raise NotImplementedError()` with your solution.",
        "ko": "`raise NotImplementedError()`를 여러분의 풀이로 바꾸세요.",
    },
    "hint.library_not_implemented": {
        "en": "A library function called on this line does not do what it was asked in JAX (this is not the exercise's stub): the library's own words above say what to use instead.",
        "ko": "이 줄에서 부른 라이브러리 함수가 JAX에서는 요청한 방식으로 동작하지 않습니다(연습 문제의 빈 함수 때문이 아닙니다). 위에 인용한 라이브러리의 설명에 대신 쓸 방법이 있습니다.",
    },
    "hint.scan_pair": {
        "en": "The function given to `lax.scan` must return a pair `(carry, y)`: the carry for the next step and this step's output (`None` when there is none), as in `return new_carry, None`.",
        "ko": "`lax.scan`에 넘긴 함수는 `(carry, y)` 쌍을 반환해야 합니다. 다음 단계로 넘길 carry와 이번 단계의 출력(없으면 `None`)입니다. 예: `return new_carry, None`.",
    },
    "hint.loop_types": {
        "en": "A loop's carry must come back exactly as it went in: `lax.fori_loop`, `lax.while_loop` and `lax.scan` need the body to return a carry of the same dtype, shape and structure as it receives. A Python `0` starts an int carry; start from `0.0` or `jnp.zeros_like(x)` for a float one.",
        "ko": "루프의 carry는 들어온 모습 그대로 나가야 합니다. `lax.fori_loop`, `lax.while_loop`, `lax.scan`의 본문 함수는 받은 carry와 dtype, shape, 구조가 같은 carry를 반환해야 합니다. Python `0`으로 시작하면 정수 carry가 되니, 실수 carry는 `0.0`이나 `jnp.zeros_like(x)`로 시작하세요.",
    },
    "hint.float_index": {
        "en": "An array is indexed with a float; indices must be integers. In a `lax.fori_loop` body JAX passes the step number first, `body(i, carry)`: a body written `(carry, i)` indexes with the carry.",
        "ko": "배열을 실수(float) 값으로 인덱싱했습니다. 인덱스는 정수여야 합니다. `lax.fori_loop`는 본문 함수를 `body(i, carry)`처럼 단계 번호를 먼저 넘겨 부르므로, `(carry, i)` 순서로 쓴 본문은 carry로 인덱싱하게 됩니다.",
    },
    "hint.vmap_sizes": {
        "en": "`vmap` maps each argument along its axis in `in_axes`, and those axes must all have the same length: an argument that holds its vectors in columns is mapped along axis 1, and one that is the same for every element (parameters, a bias) takes `None`.",
        "ko": "`vmap`은 각 인자를 `in_axes`의 축을 따라 나누며, 그 축들의 길이가 모두 같아야 합니다. 벡터를 열에 담은 인자는 축 1을 따라 매핑하고, 모든 원소에 똑같이 쓰는 인자(파라미터, bias)는 `None`을 주세요.",
    },
    "hint.broadcast": {
        "en": "Two arrays whose shapes cannot broadcast were combined: counted from the last axis, each pair of sizes must be equal or 1. Check the axis of each reduction (`axis=`, `keepdims=True`) and the shape every operand has.",
        "ko": "shape가 브로드캐스트되지 않는 두 배열을 함께 계산했습니다. 마지막 축부터 짝지은 크기가 같거나 1이어야 합니다. 각 축소 연산의 축(`axis=`, `keepdims=True`)과 피연산자의 shape를 확인하세요.",
    },
    "hint.read_only": {
        "en": "The array written to is read-only: `np.asarray` of a JAX array shares the JAX array's memory and does not copy it. Do not write into an argument; build the result with `jnp.asarray(x).at[i].set(v)`.",
        "ko": "값을 써 넣은 배열은 읽기 전용입니다. JAX 배열에 `np.asarray`를 쓰면 복사하지 않고 그 메모리를 함께 씁니다. 인자에 값을 써 넣지 말고 `jnp.asarray(x).at[i].set(v)`로 결과를 만드세요.",
    },
    "hint.tree_structure": {
        "en": "Two pytrees that must match have different structures (their keys, nesting or number of leaves): JAX pairs the leaves of trees by their place in the tree.",
        "ko": "구조가 같아야 하는 두 pytree의 구조(키, 중첩, 잎의 개수)가 다릅니다. JAX는 트리의 잎을 트리 안의 위치로 짝짓습니다.",
    },
    "numeric.nan": {
        "en": "Your output has NaN where the reference's is a number: a step divided 0 by 0, took the square root or log of a negative, or (in a gradient) differentiated a function where its derivative is undefined, such as `jnp.linalg.norm` or `jnp.sqrt` at 0. Write the step so that it stays finite there (`jnp.sum(r ** 2)` rather than `norm(r) ** 2`).",
        "ko": "참조 답은 유한한 수인데 여러분의 출력은 NaN입니다. 어떤 단계가 0을 0으로 나누었거나, 음수의 제곱근이나 로그를 구했거나, (기울기에서) `jnp.linalg.norm`이나 0에서의 `jnp.sqrt`처럼 도함수가 정의되지 않는 곳에서 미분했습니다. 그곳에서도 유한하게 계산하도록 바꾸세요(`norm(r) ** 2` 대신 `jnp.sum(r ** 2)`).",
    },
    "numeric.inf": {
        "en": "Your output has an infinity where the reference's is finite: a step overflowed (float16 stops at 65504) or divided by zero.",
        "ko": "참조 답이 유한한 곳에서 여러분의 출력은 무한대입니다. 어떤 단계에서 오버플로가 났거나(float16은 65504가 한계입니다) 0으로 나누었습니다.",
    },
    "numeric.narrow": {
        "en": "Your output is {actual} where the reference's is {expected}: precision was lost to a narrower dtype ({actual} keeps 3 or fewer significant digits).{at} Keep the arguments' dtype.",
        "ko": "참조 답은 {expected}인데 여러분의 출력은 {actual}입니다. 더 좁은 dtype으로 바꾸면서 정밀도를 잃었습니다({actual}은 유효숫자가 3자리 이하입니다).{at} 인자의 dtype을 그대로 쓰세요.",
    },
    "numeric.cast_at": {
        "en": " The cast is at {where}: `{code}`.",
        "ko": " 바꾸는 곳은 {where}입니다: `{code}`.",
    },
    "cascade.calls_faulty": {
        "en": "`{name}` calls `{callee}` ({where}), which fails its own check: fix `{callee}` first, then see whether `{name}` still fails.",
        "ko": "`{name}`은(는) `{callee}`을(를) 부르는데({where}), `{callee}`이(가) 자기 검사에서 실패합니다. `{callee}`부터 고친 뒤 `{name}`이(가) 여전히 실패하는지 보세요.",
    },
    "loop_body.at": {
        "en": "{where} (`{code}`) defines the function given to `{loop}`: its parameters or what it returns are the cause.",
        "ko": "{where}(`{code}`)에서 `{loop}`에 넘긴 함수를 정의합니다. 이 함수의 매개변수나 반환값이 원인입니다.",
    },
    "hint.tracer_bool": {
        "en": "A traced value was used where Python needs True or False (`if`, `while`, `and`, `or`, `bool()`). Under jit the value is unknown while tracing: use `jnp.where` or `jax.lax.cond`.",
        "ko": "Python이 True/False를 알아야 하는 곳(`if`, `while`, `and`, `or`, `bool()`)에 추적(traced) 값이 쓰였습니다. jit 추적 중에는 값을 알 수 없으니 `jnp.where`나 `jax.lax.cond`를 쓰세요.",
    },
    "hint.tracer_integer": {
        "en": "A traced value was turned into a Python int (`int()`, `range()`, indexing a Python list). Under jit use array operations instead.",
        "ko": "추적 값을 Python 정수로 바꾸려 했습니다(`int()`, `range()`, Python 리스트 인덱싱). jit 안에서는 배열 연산을 쓰세요.",
    },
    "hint.tracer_array": {
        "en": "A NumPy function (`np.…`, `np.asarray`) was applied to a traced value. Inside jit use the `jnp.…` function instead.",
        "ko": "추적 값에 NumPy 함수(`np.…`, `np.asarray`)를 적용했습니다. jit 안에서는 `jnp.…` 함수를 쓰세요.",
    },
    "hint.boolean_index": {
        "en": "Boolean-mask indexing such as `x[x < 0]` makes the output's shape depend on the values, which jit cannot compile. Keep the shape fixed: `jnp.where(x < 0, x, 0)`.",
        "ko": "`x[x < 0]` 같은 불리언 마스크 인덱싱은 출력 shape가 값에 따라 달라져 jit으로 컴파일할 수 없습니다. shape를 고정하세요: `jnp.where(x < 0, x, 0)`.",
    },
    "hint.tracer_leak": {
        "en": "A traced value escaped the function (kept in a global, a list or an attribute). Return values instead of storing them.",
        "ko": "추적 값이 함수 밖으로 새어 나갔습니다(전역 변수, 리스트, 속성에 저장). 저장하지 말고 값을 반환하세요.",
    },
    "hint.concretization": {
        "en": "A traced value was needed as a concrete Python value, for example a shape or a length. Shapes are static: use `x.shape` and `x.size` rather than values computed from the data.",
        "ko": "shape나 길이처럼 구체적인 Python 값이 필요한 곳에 추적 값이 쓰였습니다. shape는 정적입니다: 데이터로 계산한 값 대신 `x.shape`, `x.size`를 쓰세요.",
    },
    "hint.tracer_float": {
        "en": "`float()` (or `.item()`, `.tolist()`) asks a traced value for a Python number, and under jit there is "
              "none until the function runs. Keep it an array: return `x` itself, or `x.astype(jnp.float32)` to "
              "change only its dtype.",
        "ko": "`float()`(또는 `.item()`, `.tolist()`)는 추적 값에서 Python 숫자를 꺼내려 하지만, jit 안에서는 함수가 "
              "실행되기 전까지 그런 숫자가 없습니다. 배열로 두세요: `x`를 그대로 반환하거나, dtype만 바꾸려면 "
              "`x.astype(jnp.float32)`를 쓰세요.",
    },
    "hint.make_static": {
        "en": "The value comes from `{name}`, a Python value rather than an array: mark it static with `{fix}`, and "
              "Python sees it while tracing.",
        "ko": "그 값은 배열이 아니라 Python 값인 `{name}`에서 옵니다. `{fix}`처럼 정적 인자로 지정하면 추적 중에도 Python이 그 값을 알 수 있습니다.",
    },
    "hint.unhashable_static": {
        "en": "An argument marked static (`static_argnums`/`static_argnames`) must be a hashable Python value such as a bool or an int, and an array was passed for it. Mark only the Python flag static, by name.",
        "ko": "정적으로 지정한 인자(`static_argnums`/`static_argnames`)는 bool이나 int처럼 해시할 수 있는 "
              "Python 값이어야 하는데, 그 인자에 배열이 전달되었습니다. 정적 인자로는 Python 플래그만 이름으로 "
              "지정하세요.",
    },
    "shape.product_inline_at": {
        "en": "{where} (`{code}`) computes a size with a JAX product of the shape. For a 0-d array that is the float 1.0, and under jit a traced value: use `x.size`, a Python int for every shape.",
        "ko": "{where}(`{code}`)에서 크기를 shape의 JAX 곱으로 계산합니다. 0차원 배열에서는 실수 1.0이, jit 아래에서는 추적 값이 됩니다. 어떤 shape에서든 Python 정수인 `x.size`를 쓰세요.",
    },
    "shape.product_at": {
        "en": "{where} (`{code}`) computes the size `{name}` with a JAX product of the shape. For a 0-d array that is the float 1.0, and under jit a traced value: use `x.size`, a Python int for every shape.",
        "ko": "{where}(`{code}`)에서 크기 `{name}`을(를) shape의 JAX 곱으로 계산합니다. 0차원 배열에서는 실수 1.0이, jit 아래에서는 추적 값이 됩니다. 어떤 shape에서든 Python 정수인 `x.size`를 쓰세요.",
    },
    "traced.origin_at": {
        "en": "{where} (`{code}`) makes `{name}` a traced JAX value, and the line that raised needs a plain "
              "Python number there. Compute it from shapes in Python: `x.size`, `x.shape[0]`, `math.prod(x.shape)`.",
        "ko": "{where}(`{code}`)에서 `{name}`이(가) JAX 추적 값이 됩니다. 오류가 난 줄에는 그 자리에 일반 Python 숫자가 필요하므로, 그 값을 Python에서 shape로 계산하세요: `x.size`, `x.shape[0]`, `math.prod(x.shape)`.",
    },
    "static.unhashable_at": {
        "en": "{where} (`{code}`) marks an array argument of `{name}` static; write `{fix}` there instead.",
        "ko": "{where}(`{code}`)에서 `{name}`의 배열 인자를 정적으로 지정했습니다. 대신 그 자리에 `{fix}`을(를) "
              "쓰세요.",
    },
    "hint.product_of_shape": {
        "en": "`np.prod` of a shape is a NumPy number, and for a 0-d array (shape `()`) it is the float 1.0, which "
              "no shape accepts. Use `x.size`, an int for every shape.",
        "ko": "shape에 `np.prod`를 적용하면 NumPy 스칼라가 나오고, 0차원 배열(shape `()`)에서는 실수 1.0이 되어 shape로 쓸 수 없습니다. 어떤 shape에서든 정수인 `x.size`를 쓰세요.",
    },
    "hint.immutable_at": {
        "en": "JAX arrays are immutable: write `{fix}`, which returns a new array.",
        "ko": "JAX 배열은 불변입니다. 새 배열을 반환하는 `{fix}`처럼 쓰세요.",
    },
    "hint.immutable": {
        "en": "JAX arrays are immutable: instead of `x[i] = v` write `x = x.at[i].set(v)`, which returns a new array.",
        "ko": "JAX 배열은 불변입니다: `x[i] = v` 대신 새 배열을 반환하는 `x = x.at[i].set(v)`를 쓰세요.",
    },
    "hint.memory": {
        "en": "Your code ran out of memory: the grader gives it a fixed amount. Look for arrays far larger than the inputs.",
        "ko": "메모리가 부족합니다: 채점기는 정해진 양의 메모리만 줍니다. 입력보다 훨씬 큰 배열을 만들고 있지 않은지 확인하세요.",
    },
    "hint.base_exception": {
        "en": "A graded function must return a value; it must not exit or interrupt the program.",
        "ko": "채점 대상 함수는 값을 반환해야 하며 프로그램을 종료하거나 중단시키면 안 됩니다.",
    },
    # ----------------------------------------------------------------- jit
    "jit.passed": {
        "en": "Works under `jax.jit` with traced arguments on {examples} generated inputs.",
        "ko": "생성된 입력 {examples}개에서, 인자를 추적 값으로 받는 `jax.jit` 아래에서도 올바르게 동작합니다.",
    },
    "jit.passed_random": {
        "en": "Works under `jax.jit` with traced arguments on {examples} generated inputs, and gives there the "
              "numbers it gives without jit for the same key.",
        "ko": "생성된 입력 {examples}개에서, 인자를 추적 값으로 받는 `jax.jit` 아래에서도 동작하며 같은 키에 대해 "
              "jit 없이 낼 때와 같은 수를 냅니다.",
    },
    "jit.failed": {
        "en": "Under `jax.jit`, a wrong result: {detail}\nThe input: {input}{full}",
        "ko": "`jax.jit` 아래에서 결과가 틀렸습니다: {detail}\n입력: {input}{full}",
    },
    "jit.raised": {
        "en": "Under `jax.jit`, your function {explanation}\nThe input: {input}",
        "ko": "`jax.jit` 아래에서 여러분의 함수가 {explanation}\n입력: {input}",
    },
    "jit.unjitted_raised": {
        "en": "Without `jax.jit`, on an input `jax.jit` was given too, your function {explanation}\nThe input: {input}",
        "ko": "`jax.jit` 없이, `jax.jit`에도 준 입력에서 여러분의 함수가 {explanation}\n입력: {input}",
    },
    "jit.random_differs": {
        "en": "Under `jax.jit`, `{name}` returned other numbers than it returns without jit for the same key: "
              "{detail}\nThe input: {input}{full}\nThe fix: draw every number from the key you are given, with "
              "`jax.random` (not NumPy's or Python's generator, which `jax.jit` runs once, while tracing); "
              "the same key then gives the same numbers, compiled or not.",
        "ko": "`jax.jit` 아래에서 `{name}`이(가) 같은 키에 대해 jit 없이 낼 때와 다른 수를 반환했습니다: "
              "{detail}\n입력: {input}{full}\n고치는 방법: 모든 난수를 받은 키에서 `jax.random`으로 뽑으세요"
              "(NumPy나 Python의 생성기는 `jax.jit`이 추적할 때 한 번만 실행합니다). 그러면 같은 키는 컴파일 "
              "여부와 관계없이 같은 수를 냅니다.",
    },
    "jit.unjitted_full": {
        "en": "\nWithout jit: {unjitted}\nUnder jit: {jitted}",
        "ko": "\njit 없이: {unjitted}\njit 아래: {jitted}",
    },
    # -------------------------------------------------------- jit_compiled
    "jit_compiled.passed": {
        "en": "`{name}` is jit-compiled as submitted: {where} binds it with `{binding}`.",
        "ko": "제출된 `{name}`은(는) jit으로 컴파일됩니다: {where}에서 `{binding}`(으)로 정의되어 있습니다.",
    },
    "jit_compiled.plain": {
        "en": "`{name}` is not jit-compiled: {where} defines it as a plain function (`{binding}`). Put `{fix}` on the line above `def {name}`.",
        "ko": "`{name}`이(가) jit으로 컴파일되지 않습니다: {where}에서 일반 함수(`{binding}`)로 정의했습니다. `def {name}` 바로 윗줄에 `{fix}`을(를) 붙이세요.",
    },
    "jit_compiled.plain_inner": {
        "en": "`{name}` is not jit-compiled: {where} (`{code}`) builds a new jitted function on every call.\n"
              "So each call traces and compiles again, and `{name}` itself ({def_where}) stays a plain function. "
              "Put `{fix}` on the line above `def {name}` and call the inner code without jit.",
        "ko": "`{name}`이(가) jit으로 컴파일되지 않습니다: {where}(`{code}`)에서 호출마다 새 jit 함수를 만듭니다.\n그래서 호출할 때마다 다시 추적하고 컴파일하며, `{name}` 자체({def_where})는 일반 함수로 남습니다. `def {name}` 바로 윗줄에 `{fix}`을(를) 붙이고 안쪽 코드는 jit 없이 호출하세요.",
    },
    "jit_compiled.unreadable": {
        "en": "`{name}` is bound at {where} in a way the grader cannot read as jit (`{binding}`). Bind it plainly: `{fix}` above `def {name}`, or `{name} = jax.jit(f)`.",
        "ko": "{where}에서 `{name}`을(를) 정의한 방식(`{binding}`)은 채점기가 jit으로 인식할 수 없습니다. `def {name}` 위에 `{fix}`을(를) 붙이거나 `{name} = jax.jit(f)`처럼 단순하게 정의하세요.",
    },
    "jit_compiled.missing": {
        "en": "`{name}` is never bound at the top level of your code, so the grader cannot see that it is jit-compiled. Define it with `{fix}` above `def {name}`.",
        "ko": "코드의 최상위에서 `{name}`을(를) 정의하는 곳이 없어, jit으로 컴파일되는지 채점기가 확인할 수 없습니다. `def {name}` 위에 `{fix}`을(를) 붙여 정의하세요.",
    },
    "jit_compiled.disagrees": {
        "en": "`{name}` is not the function `jax.jit` made, although {where} binds it with `{binding}`: the function graded is a `{type}`. Something rebinds `{name}` after that line; keep the jitted binding last.",
        "ko": "{where}에서 `{binding}`(으)로 정의했지만, 채점한 `{name}`은(는) `jax.jit`이 만든 함수가 아니라 `{type}`입니다. 그 줄 뒤에 `{name}`을(를) 다시 정의하는 코드가 있으니, jit을 적용한 정의가 마지막에 오게 하세요.",
    },
    # --------------------------------------------------------- no_mutation
    "no_mutation.passed": {
        "en": "Leaves every argument, positional and keyword, unchanged on {examples} inputs given as NumPy arrays and containers.",
        "ko": "NumPy 배열과 컨테이너로 전달한 입력 {examples}개에서 위치 인자와 키워드 인자를 하나도 바꾸지 않습니다.",
    },
    "no_mutation.failed": {
        "en": "The call modified its argument `{argument}`: {detail} Return a new value instead: `x.at[i].set(v)` for arrays, a new dict (for example `jax.tree_util.tree_map`) for containers.\nThe input: {input}",
        "ko": "함수가 인자 `{argument}`을(를) 바꾸었습니다: {detail} 인자를 바꾸지 말고 새 값을 반환하세요. 배열은 `x.at[i].set(v)`, 컨테이너는 새 dict(예: `jax.tree_util.tree_map`)로 만들면 됩니다.\n입력: {input}",
    },
    "no_globals.output_changed": {
        "en": "`{name}` returned another output for the same input after {calls} other calls: its result depends on what earlier calls left behind, not only on its arguments. Keep no state between calls; return new values instead.\nThe input: {input}\nFirst: {before}\nAfter the other calls: {after}",
        "ko": "`{name}`이(가) 다른 호출 {calls}번 뒤에 같은 입력에 대해 다른 출력을 돌려주었습니다. 결과가 인자뿐 아니라 앞선 호출이 남긴 것에 달려 있습니다. 호출 사이에 상태를 남기지 말고 새 값을 반환하세요.\n입력: {input}\n처음: {before}\n다른 호출 뒤: {after}",
    },
    "no_globals.clock": {
        "en": "{where} (`{code}`) reads the clock (`{what}`) inside `{name}` or a helper it calls: its result may then depend on when it runs, not only on its arguments. A pure function reads no clock; time it from outside, around the call.",
        "ko": "{where}(`{code}`)에서 `{name}`(또는 그 함수가 부르는 도우미)이 시계(`{what}`)를 읽습니다. 그러면 결과가 인자만이 아니라 실행 시각에 따라 달라질 수 있습니다. 순수 함수는 시계를 읽지 않습니다. 시간을 재려면 함수 밖에서 호출을 감싸세요.",
    },
    "no_globals.entropy": {
        "en": "{where} (`{code}`) reads the system's randomness (`{what}`) inside `{name}` or a helper it calls: its result then depends on more than its arguments. Take randomness as an argument (a `jax.random` key).",
        "ko": "{where}(`{code}`)에서 `{name}`(또는 그 함수가 부르는 도우미)이 시스템 난수(`{what}`)를 읽습니다. 그러면 결과가 인자 말고 다른 것에도 달려 있게 됩니다. 난수는 인자(`jax.random` 키)로 받으세요.",
    },
    "no_globals.changes_global": {
        "en": "`{function}` changes the global `{name}` in place at {where} (`{code}`)",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 전역 변수 `{name}`을(를) 제자리에서 바꿈",
    },
    "no_globals.changes_class": {
        "en": "`{function}` changes the class attribute `{name}` at {where} (`{code}`); a class is shared by every call",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 클래스 속성 `{name}`을(를) 바꿈; 클래스는 모든 호출이 함께 씁니다",
    },
    "no_globals.changes_object": {
        "en": "`{function}` changes `{name}` at {where} (`{code}`), an attribute of an object kept at module level",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 모듈 수준에 둔 객체의 속성 `{name}`을(를) 바꿈",
    },
    "no_globals.changes_closure": {
        "en": "`{function}` changes `{name}` at {where} (`{code}`), a variable that the closure of `{owner}` keeps between calls",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 `{owner}`의 클로저가 호출 사이에 간직하는 변수 `{name}`을(를) 바꿈",
    },
    "no_globals.changes_default": {
        "en": "`{function}` changes the default value of `{name}` at {where} (`{code}`); a mutable default is one object shared by every call",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 인자 `{name}`의 기본값을 바꿈; 변경 가능한 기본값은 모든 호출이 함께 쓰는 하나의 객체입니다",
    },
    "no_globals.changes_partial": {
        "en": "`{function}` changes `{name}` at {where} (`{code}`), an argument that `{owner}` binds once and shares with every call",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 `{owner}`이(가) 한 번 고정해 모든 호출과 함께 쓰는 인자 `{name}`을(를) 바꿈",
    },
    "no_globals.changes_iterator": {
        "en": "`{function}` advances the module-level iterator `{name}` at {where} (`{code}`): each call gets the next item",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 모듈 수준 반복자 `{name}`을(를) 진행시킴: 호출할 때마다 다음 항목을 받습니다",
    },
    "no_globals.changes_attribute": {
        "en": "`{function}` changes `{name}` at {where} (`{code}`), an attribute kept on the function `{owner}` and shared by every call",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 함수 `{owner}`에 붙여 두고 모든 호출이 함께 쓰는 속성 `{name}`을(를) 바꿈",
    },
    "no_globals.changes_library": {
        "en": "`{function}` changes `{name}` at {where} (`{code}`), data the library `{owner}` keeps for the whole process",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 라이브러리 `{owner}`이(가) 프로세스 전체에 간직하는 데이터 `{name}`을(를) 바꿈",
    },
    "no_globals.changes_cache": {
        "en": "`{function}` changes `{name}` at {where} (`{code}`), an object the cache of `{owner}` keeps and hands to every later call",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 `{owner}`의 캐시가 간직했다가 이후 모든 호출에 건네는 객체 `{name}`을(를) 바꿈",
    },
    "no_globals.changes_shared": {
        "en": "`{function}` changes `{name}` at {where} (`{code}`), which is `{owner}`: an object that outlives the call and is shared by every call",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 `{name}`을(를) 바꿈. 이것은 `{owner}`, 즉 호출이 끝나도 남아 모든 호출이 함께 쓰는 객체입니다",
    },
    "no_globals.changes_settings_read": {
        "en": "`{function}` reads a setting the whole process keeps (`{name}`) at {where} (`{code}`), which an earlier call may have changed",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 프로세스 전체가 간직하는 설정(`{name}`)을 읽음. 앞선 호출이 그 값을 바꿨을 수 있습니다",
    },
    "no_globals.changes_settings": {
        "en": "`{function}` changes a setting the whole process keeps (`{name}`) at {where} (`{code}`), which the next call can read back",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 프로세스 전체가 간직하는 설정(`{name}`)을 바꿈. 다음 호출이 그 값을 다시 읽을 수 있습니다",
    },
    "no_globals.changes_files": {
        "en": "`{function}` writes to the file system (`{name}`) at {where} (`{code}`): a file one call writes, the next can read",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 파일 시스템에 씀(`{name}`): 한 호출이 쓴 파일을 다음 호출이 읽을 수 있습니다",
    },
    "no_globals.changes_rng": {
        "en": "`{function}` draws from the global random generator of `{owner}` at {where} (`{code}`)",
        "ko": "`{function}`이(가) {where}(`{code}`)에서 `{owner}`의 전역 난수 생성기에서 수를 뽑음",
    },
    "no_recompilation.jit_per_call": {
        "en": "{where} (`{code}`) builds a new jitted function on every call of `{name}`, and each new one is "
              "compiled again. Build it once, outside `{name}`, or decorate `{name}` itself.",
        "ko": "{where}(`{code}`)에서 `{name}`을(를) 호출할 때마다 새 jit 함수를 만들어 매번 다시 컴파일합니다. `{name}` 밖에서 한 번만 만들거나 `{name}` 자체에 jit 데코레이터를 붙이세요.",
    },
    "wrong.discarded_at": {
        "en": "{where} (`{code}`) throws its result away: JAX arrays never change in place, so this call "
              "returns a new value and nothing keeps it. Keep it: `{fix}`.",
        "ko": "{where}(`{code}`)에서 결과를 버립니다. JAX 배열은 제자리에서 바뀌지 않으므로 이 호출은 새 값을 반환하는데, 그 값을 받아 두는 곳이 없습니다. 반환값을 변수에 담으세요: `{fix}`.",
    },
    "global.read_at": {
        "en": "{where} (`{code}`) reads `{name}`, data from outside the function, where it should compute from "
              "its arguments: use the parameter that holds that data.",
        "ko": "{where}(`{code}`)에서 함수 바깥의 데이터 `{name}`을(를) 읽습니다. 함수는 인자로만 계산해야 합니다: "
              "그 데이터를 담은 매개변수를 쓰세요.",
    },
    "transform.argument_at": {
        "en": "{where} (`{code}`) gives `{transform}` `{argument}={written}`, where this exercise needs "
              "`{expected}`. {why}",
        "ko": "{where}(`{code}`)에서 `{transform}`에 `{argument}={written}`을(를) 주었는데, 이 문제에는 "
              "`{expected}`이(가) 맞습니다. {why}",
    },
    "transform.why_in_axes": {
        "en": "`in_axes` says which axis of each argument is mapped over; `None` gives every row the whole argument.",
        "ko": "`in_axes`는 각 인자의 어느 축을 따라 매핑할지 정합니다. `None`이면 모든 행이 그 인자 전체를 받습니다.",
    },
    "transform.why_out_axes": {
        "en": "`out_axes` says where the mapped axis goes in the output: 0 puts one row per example first.",
        "ko": "`out_axes`는 출력에서 매핑한 축이 놓일 자리를 정합니다. 0이면 예제마다 한 행씩 맨 앞 축에 놓입니다.",
    },
    "transform.why_argnums": {
        "en": "`argnums` picks the argument the gradient is taken with respect to.",
        "ko": "`argnums`는 어느 인자에 대해 미분할지 고릅니다.",
    },
    "transform.why_upper": {
        "en": "`fori_loop(lower, upper, …)` runs i = lower, …, upper − 1: the upper bound is already left out, so "
              "`- 1` skips the last step.",
        "ko": "`fori_loop(lower, upper, …)`에서 i는 lower부터 upper − 1까지 돕니다. 상한은 이미 제외되므로 `- 1`을 붙이면 마지막 단계를 건너뜁니다.",
    },
    "wrong.scan_last_output_at": {
        "en": "{where} (`{code}`) returns the last output `lax.scan` stacked, not its final carry. The outputs "
              "are what each step emits, not the state it leaves. Return the carry: `{fix}`.",
        "ko": "{where}(`{code}`)에서 최종 carry가 아니라 `lax.scan`이 쌓은 출력의 마지막 값을 반환합니다. 출력은 각 단계가 내보내는 값이지, 단계가 남기는 상태가 아닙니다. carry를 반환하세요: `{fix}`.",
    },
    "wrong.default_at": {
        "en": "{where} (`{code}`) gives `{name}` the default `{theirs}`; the statement's is `{statement}`. A call that leaves `{name}` out, as this one does, computes with the wrong value. Write `{name}={statement}`.",
        "ko": "{where}(`{code}`)에서 `{name}`의 기본값을 `{theirs}`(으)로 정했는데, 문제의 기본값은 `{statement}`입니다. 이 입력처럼 `{name}`을(를) 생략한 호출은 잘못된 값으로 계산합니다. `{name}={statement}`(으)로 쓰세요.",
    },
    "wrong.swapped_at": {
        "en": "{where} (`{code}`) returns the right values in another order: its items belong at positions {order}. Write `{fix}`.",
        "ko": "{where}(`{code}`)에서 올바른 값들을 다른 순서로 반환합니다. 각 항목은 {order}번 자리에 와야 합니다. `{fix}`(으)로 쓰세요.",
    },
    "wrong.swapped_at_no_fix": {
        "en": "{where} (`{code}`) returns the right values in another order: its items belong at positions {order}. Return them in the statement's order.",
        "ko": "{where}(`{code}`)에서 올바른 값들을 다른 순서로 반환합니다. 각 항목은 {order}번 자리에 와야 합니다. 문제에서 정한 순서로 반환하세요.",
    },
    "wrong.swapped": {
        "en": "Your function returns the right values in another order: its items belong at positions {order}. Return them in the statement's order.",
        "ko": "함수가 올바른 값들을 다른 순서로 반환합니다. 각 항목은 {order}번 자리에 와야 합니다. 문제에서 정한 순서로 반환하세요.",
    },
    "loop.stale_start_at": {
        "en": "{where} (`{code}`): the body `{body}` given to `{loop}` reads `{start}`, the loop's starting value, so every step works from the start again instead of from its carry `{carry}`. Use `{carry}` there.",
        "ko": "{where}(`{code}`): `{loop}`에 넘긴 본문 `{body}`이(가) 루프의 시작 값 `{start}`을(를) 읽습니다. 그래서 매 단계가 자신의 carry `{carry}`가 아니라 시작 값에서 다시 계산합니다. 그 자리에 `{carry}`를 쓰세요.",
    },
    "wrong.returned_at": {
        "en": "{where} (`{code}`) returns a wrong value.",
        "ko": "{where}(`{code}`)에서 틀린 값을 반환합니다.",
    },
    "divergence.at": {
        "en": "{where} (`{code}`) is the first step whose value the reference never computes, though what it is "
              "given matches. Check what this line computes.",
        "ko": "{where}(`{code}`)에서 값이 처음으로 참조 답안과 달라집니다. 이 줄이 받는 값은 참조 답안과 같으니 "
              "이 줄의 계산을 확인하세요.",
    },
    "divergence.floor_division": {
        "en": "`//` there is floor division: it rounds down to a whole number (`1 // 3` is 0). For a fraction, write `/`.",
        "ko": "그 줄의 `//`는 내림 나눗셈이라 결과를 정수로 내립니다(`1 // 3`은 0). 분수가 필요하면 `/`를 쓰세요.",
    },
    "divergence.at_from": {
        "en": "{where} (`{code}`) combines what {inputs} computed, which matches the reference, into a value the "
              "reference never computes. Check that step and what it is given.",
        "ko": "{where}(`{code}`)에서 값이 처음으로 참조 답안과 달라집니다. {inputs}에서 계산한 값은 참조 답안과 같지만, 이 줄에서 그 값들을 조합한 결과는 다릅니다. 이 단계와 이 단계가 받는 값을 확인하세요.",
    },
    "divergence.broadcast": {
        "en": "{where} (`{code}`) combines shapes {first} and {second} into {result}, a shape the reference never "
              "makes. Broadcasting repeats a length-1 axis to match the other operand. {origin}",
        "ko": "{where}(`{code}`)에서 shape {first}와(과) {second}을(를) 합쳐 참조 답안에는 없는 shape {result}이(가) "
              "됩니다. 브로드캐스팅은 길이가 1인 축을 상대 피연산자에 맞춰 반복합니다. {origin}",
    },
    "divergence.stretched_from": {
        "en": "The operand with the length-1 axis is made at {lines}.",
        "ko": "길이가 1인 축을 가진 피연산자는 {lines}에서 만들어집니다.",
    },
    "divergence.body": {
        "en": "It is a loop or a conditional: the code it runs is at {lines}.",
        "ko": "이 줄은 루프나 조건문이며, 그 안에서 실행되는 코드는 {lines}에 있습니다.",
    },
    "misconception.at": {
        "en": "{where} (`{code}`): {says}",
        "ko": "{where}(`{code}`): {says}",
    },
    "no_mutation.failed_at": {
        "en": "{where} changes the argument `{argument}` in place: `{code}`. {fix}\nThe input: {input}\nWhat changed: {detail}",
        "ko": "{where}에서 인자 `{argument}`을(를) 그 자리에서 바꿉니다: `{code}`. {fix}\n입력: {input}\n바뀐 내용: {detail}",
    },
    "no_mutation.fix_line": {
        "en": "Write `{fix}` instead: it makes a new value and leaves the caller's argument as it was.",
        "ko": "대신 `{fix}`처럼 쓰세요. 새 값을 만들고 호출한 쪽의 인자는 그대로 둡니다.",
    },
    "no_mutation.fix_new_value": {
        "en": "Build and return a new value instead of changing `{argument}`: for a dict, "
              "`{{**{argument}, key: new}}` or `jax.tree.map(...)`; for an array, `.at[i].set(v)`.",
        "ko": "`{argument}`을(를) 바꾸지 말고 새 값을 만들어 반환하세요. dict라면 `{{**{argument}, key: new}}`나 "
              "`jax.tree.map(...)`, 배열이라면 `.at[i].set(v)`를 쓰세요.",
    },
    "no_mutation.raised": {
        "en": "Whether your function modifies its arguments could not be checked: it {explanation}\nThe input{given}: {input}",
        "ko": "여러분의 함수가 인자를 바꾸는지 확인할 수 없었습니다: 함수가 {explanation}\n입력{given}: {input}",
    },
    "mutation.value": {
        "en": "`{path}` at index {index} was {before} before the call and {after} after it.",
        "ko": "`{path}`의 인덱스 {index} 값이 호출 전 {before}에서 호출 후 {after}(으)로 바뀌었습니다.",
    },
    "mutation.value_scalar": {
        "en": "`{path}` was {before} before the call and {after} after it.",
        "ko": "`{path}`이(가) 호출 전 {before}에서 호출 후 {after}(으)로 바뀌었습니다.",
    },
    "mutation.replaced": {
        "en": "`{path}` no longer holds the array it was given: the caller's container now holds another object in its place (even one with the same values is a change the caller sees).",
        "ko": "`{path}`에 처음 받은 배열이 더 이상 없습니다: 호출한 쪽의 컨테이너에 다른 객체가 대신 들어갔습니다(값이 같아도 호출한 쪽에서는 바뀐 것입니다).",
    },
    "no_mutation.donated": {
        "en": "`{name}` destroys its argument `{argument}`: after the call, the caller's JAX array is deleted and can no longer be read.{at} Donating a buffer (`donate_argnums`, `donate_argnames`) hands the argument's memory to the output, which changes the caller's data as surely as writing into it. Remove the donation: a pure function leaves its arguments usable.\nThe input: {input}",
        "ko": "`{name}`이(가) 인자 `{argument}`을(를) 없앱니다: 호출이 끝나면 호출한 쪽의 JAX 배열이 삭제되어 더 이상 읽을 수 없습니다.{at} 버퍼 기부(`donate_argnums`, `donate_argnames`)는 인자의 메모리를 출력에 넘겨주므로, 인자에 값을 써 넣는 것과 똑같이 호출한 쪽의 데이터를 바꿉니다. 기부를 지우세요. 순수 함수는 인자를 계속 쓸 수 있게 둡니다.\n입력: {input}",
    },
    "no_mutation.donated_at": {
        "en": " The donation is asked for at {where}: `{code}`.",
        "ko": " 기부를 요청한 곳은 {where}입니다: `{code}`.",
    },
    "no_mutation.later_call": {
        "en": "`{name}` changed the argument `{argument}` of an earlier call during a later one: {detail} A caller keeps its data after the call returns; keep no reference to an argument, and return new values instead.\nThe earlier call's input: {input}",
        "ko": "`{name}`이(가) 나중 호출에서 앞선 호출의 인자 `{argument}`을(를) 바꾸었습니다: {detail} 호출한 쪽은 호출이 끝난 뒤에도 그 데이터를 계속 씁니다. 인자에 대한 참조를 남겨 두지 말고 새 값을 반환하세요.\n앞선 호출의 입력: {input}",
    },
    "mutation.rebuilt": {
        "en": "`{path}` was rebuilt in place (`__setstate__`, `resize`, or an assignment to `.shape`, `.strides` or `.dtype`): the caller's own array object now holds other memory, another layout or another type.",
        "ko": "`{path}`이(가) 제자리에서 다시 만들어졌습니다(`__setstate__`, `resize`, 또는 `.shape`·`.strides`·`.dtype` 대입): 호출한 쪽의 배열 객체가 이제 다른 메모리나 메모리 배치, 다른 자료형을 갖습니다.",
    },
    "mutation.read_only": {
        "en": "`{path}` was made read-only (`setflags(write=False)`): the caller's own array changed, and its next in-place write fails.",
        "ko": "`{path}`이(가) 읽기 전용이 되었습니다(`setflags(write=False)`): 호출한 쪽의 배열 자체가 바뀌어, 다음에 그 배열에 제자리 쓰기를 하면 실패합니다.",
    },
    "mutation.structure": {
        "en": "`{path}` changed from {before} to {after}.",
        "ko": "`{path}`이(가) {before}에서 {after}(으)로 바뀌었습니다.",
    },
    # ---------------------------------------------------------- no_globals
    "distribution.shape": {
        "en": "`{name}` returns outputs shaped {actual}, where the statement asks for {expected}.{at}\nThe input: {input}",
        "ko": "`{name}`의 출력 shape가 {actual}인데, 문제는 {expected}을(를) 요구합니다.{at}\n입력: {input}",
    },
    "distribution.shape_at": {
        "en": " output[{position}] is made at {where} (`{code}`).",
        "ko": " output[{position}]은(는) {where}(`{code}`)에서 만듭니다.",
    },
    "distribution.not_repeatable": {
        "en": "`{name}` returned another output for the same key: a random function's result must depend only on its key. Draw every number from the key you are given (split it for more), never from `numpy.random` or another source.\nThe input: {input}\nWhat differed between the two calls: {differing}.",
        "ko": "`{name}`이(가) 같은 키에 다른 출력을 돌려주었습니다. 난수 함수의 결과는 키에만 달려 있어야 합니다. 모든 난수를 받은 키에서 뽑고(더 필요하면 split), `numpy.random` 같은 다른 곳에서 뽑지 마세요.\n입력: {input}\n두 호출에서 달랐던 출력: {differing}.",
    },
    "distribution.not_repeatable_at": {
        "en": "`{name}` draws from a process-wide generator at {where} (`{code}`), so the same key gave another output. A random function's result must depend only on its key: draw every number from the key you are given (split it for more), never from `numpy.random` or another source.\nThe input: {input}\nWhat differed between the two calls: {differing}.",
        "ko": "`{name}`이(가) {where}(`{code}`)에서 프로세스 전체가 공유하는 생성기로 뽑아, 같은 키에 다른 출력을 냈습니다. 난수 함수의 결과는 키에만 달려 있어야 합니다. 모든 난수를 받은 키에서 뽑고(더 필요하면 split), `numpy.random` 같은 다른 곳에서 뽑지 마세요.\n입력: {input}\n두 호출에서 달랐던 출력: {differing}.",
    },
    "distribution.second_raised": {
        "en": "the second call raised an error",
        "ko": "두 번째 호출이 오류를 냈습니다",
    },
    "distribution.no_typed_key": {
        "en": "The spec of `{name}` draws no typed random key, so `distribution` cannot vary the key: draw it with `prng_keys()` (`raw_prng_keys()` gives plain `uint32` arrays, which the check cannot tell from data).",
        "ko": "`{name}`의 명세가 타입이 있는 난수 키를 뽑지 않아 `distribution`이 키를 바꿔 볼 수 없습니다. `prng_keys()`로 뽑으세요(`raw_prng_keys()`는 데이터와 구별되지 않는 평범한 `uint32` 배열입니다).",
    },
    "key_discipline.no_typed_key": {
        "en": "The spec of `{name}` draws no typed random key, and JAX's key-reuse checker reads typed keys only: draw it with `prng_keys()`.",
        "ko": "`{name}`의 명세가 타입이 있는 난수 키를 뽑지 않는데, JAX의 키 재사용 검사기는 타입이 있는 키만 읽습니다. `prng_keys()`로 뽑으세요.",
    },
    "distribution.ignores_key": {
        "en": "`{name}` returned the same output for {calls} different keys: it does not use its key. Draw the samples with `jax.random` from the key you are given.\nThe output: {output}",
        "ko": "`{name}`이(가) 서로 다른 키 {calls}개에 같은 출력을 돌려주었습니다. 키를 쓰지 않습니다. 받은 키로 `jax.random`에서 표본을 뽑으세요.\n출력: {output}",
    },
    "distribution.ignores_key_at": {
        "en": "`{name}` makes its key from a constant at {where} (`{code}`), so {calls} different keys gave the same output. Draw the samples with `jax.random` from the key you are given.\nThe output: {output}",
        "ko": "`{name}`이(가) {where}(`{code}`)에서 상수로 키를 만들어, 서로 다른 키 {calls}개에 같은 출력을 냈습니다. 받은 키로 `jax.random`에서 표본을 뽑으세요.\n출력: {output}",
    },
    "distribution.subject": {
        "en": "The numbers `{name}` returns in {where}",
        "ko": "`{name}`이(가) {where}에 돌려준 수들",
    },
    "distribution.subject_at": {
        "en": "At {at} (`{code}`), the numbers `{name}` returns in {where}",
        "ko": "{at}(`{code}`)에서 만든, `{name}`이(가) {where}에 돌려준 수들",
    },
    "distribution.constant": {
        "en": "{subject} are the same for every key. The reference's vary with the key (standard deviation {expected}): yours are not drawn from it. Draw them with `jax.random` from a key split from the one you are given.",
        "ko": "{subject}이 모든 키에서 같습니다. 참조 답안의 수는 키에 따라 달라집니다(표준편차 {expected}). 키에서 뽑은 수가 아닙니다. 받은 키를 나눈 키로 `jax.random`에서 뽑으세요.",
    },
    "distribution.mean": {
        "en": "{subject} have mean {actual}, the reference's {expected}. Over {calls} keys the margin allowed is {margin}: check the distribution's location (an offset, a scale applied twice, the wrong `jax.random` function).{example}",
        "ko": "{subject}의 평균이 {actual}인데, 참조 답안은 {expected}입니다. 키 {calls}개에서 허용 폭은 {margin}입니다. 분포의 위치(더한 값, 두 번 곱한 배율, 다른 `jax.random` 함수)를 확인하세요.{example}",
    },
    "distribution.spread": {
        "en": "{subject} have standard deviation {actual}, the reference's {expected}. Over {calls} keys the margin allowed is {margin}. {cause}{example}",
        "ko": "{subject}의 표준편차가 {actual}인데, 참조 답안은 {expected}입니다. 키 {calls}개에서 허용 폭은 {margin}입니다. {cause}{example}",
    },
    "distribution.cause_size_factor": {
        "en": "On every input yours is the reference's times {factor}: the scale uses the sizes otherwise than the statement; check which size it divides or multiplies by.",
        "ko": "모든 입력에서 여러분의 값은 참조 답안의 {factor}배입니다. 배율이 문제와 다른 크기를 씁니다. 어떤 크기로 나누거나 곱하는지 확인하세요.",
    },
    "distribution.cause_constant": {
        "en": "On every input yours is the reference's times {ratio}: a constant factor is missing, extra or applied twice; check the scale.",
        "ko": "모든 입력에서 여러분의 값은 참조 답안의 {ratio}배입니다. 상수 배율이 빠졌거나, 더해졌거나, 두 번 곱해졌습니다. 배율을 확인하세요.",
    },
    "distribution.cause_scale": {
        "en": "Check the scale the numbers are drawn with.",
        "ko": "숫자를 뽑을 때 쓴 배율을 확인하세요.",
    },
    "distribution.example_mean": {
        "en": "\nOn the input {input}, over {keys} keys: mean {actual}, the reference's {expected}.",
        "ko": "\n입력 {input}에서 키 {keys}개로: 평균 {actual}, 참조 답안은 {expected}.",
    },
    "distribution.example_spread": {
        "en": "\nOn the input {input}, over {keys} keys: standard deviation {actual}, the reference's {expected}.",
        "ko": "\n입력 {input}에서 키 {keys}개로: 표준편차 {actual}, 참조 답안은 {expected}.",
    },
    "distribution.shape_of_distribution": {
        "en": "{subject} have the right mean and spread but another distribution. Over {calls} keys their Kolmogorov-Smirnov distance is {actual}, at most {margin}: check which `jax.random` function draws them (`normal`, `uniform`, ...).",
        "ko": "{subject}의 평균과 퍼짐은 맞지만 분포가 다릅니다. 키 {calls}개에서 콜모고로프-스미르노프 거리가 {actual}(최대 {margin})입니다. 어떤 `jax.random` 함수(`normal`, `uniform` 등)로 뽑는지 확인하세요.",
    },
    "distribution.passed": {
        "en": "`{name}` gives the same output for the same key and samples from the statement's distribution on {calls} generated keys.",
        "ko": "`{name}`은(는) 생성된 키 {calls}개에서 같은 키에 같은 출력을 내고, 문제의 분포에서 표본을 뽑습니다.",
    },
    "key_discipline.reused": {
        "en": "`{name}` uses a random key it has already used{at}: the two draws are then not independent. Split the key first (`key, sub = jax.random.split(key)`) and use each piece once.\nThe input: {input}",
        "ko": "`{name}`이(가) 이미 쓴 난수 키를 다시 씁니다{at}. 그러면 두 번 뽑은 값이 서로 독립이 아닙니다. 먼저 키를 나누고(`key, sub = jax.random.split(key)`) 나눈 키를 하나씩 한 번만 쓰세요.\n입력: {input}",
    },
    "key_discipline.at": {
        "en": " at {where} (`{code}`)",
        "ko": " ({where}, `{code}`)",
    },
    "key_discipline.raised": {
        "en": "`{name}` raised while JAX's key-reuse checker was on, so its use of keys could not be checked.\nThe input: {input}\n{explanation}",
        "ko": "JAX의 키 재사용 검사기를 켠 채 `{name}`을(를) 호출하자 예외가 발생해 키 사용을 확인할 수 없었습니다.\n입력: {input}\n{explanation}",
    },
    "key_discipline.passed": {
        "en": "`{name}` used each random key once on {count} generated keys, as JAX's key-reuse checker read it.",
        "ko": "`{name}`은(는) 생성된 키 {count}개에서 JAX의 키 재사용 검사기로 볼 때 각 난수 키를 한 번씩만 썼습니다.",
    },
    "no_globals.passed": {
        "en": "`{name}` and the helpers it calls read and write no module-level data, and its first calls gave the same outputs, bit for bit, when made again after all the others.",
        "ko": "`{name}`과(와) 그 함수가 호출하는 보조 함수는 모듈 수준 데이터를 읽거나 쓰지 않으며, 처음 호출들을 다른 모든 호출 뒤에 다시 해도 출력이 비트 단위까지 같았습니다.",
    },
    "no_globals.failed": {
        "en": "`{name}` depends on more than its arguments. {first}.{more}\n{why}",
        "ko": "`{name}`이(가) 인자 외의 것에도 의존합니다. {first}.{more}\n{why}",
    },
    "no_globals.why_read": {
        "en": "Pass such values as arguments or define them inside the function (and under jit, a global's value is frozen into the compiled code when the function is traced).",
        "ko": "이런 값은 인자로 넘기거나 함수 안에서 정의하세요(jit에서는 전역 변수의 값이 함수를 추적하는 시점에 컴파일된 코드에 고정되기도 합니다).",
    },
    "no_globals.why_state": {
        "en": "A pure function returns new values instead of keeping state, so no call sees what an earlier one left behind (and under jit, such a change happens once, while the function is traced, not on every call).",
        "ko": "순수 함수는 상태를 유지하지 말고 새 값을 반환해야 합니다. 그래야 어떤 호출도 앞선 호출이 남긴 것을 보지 않습니다(jit에서는 이런 변경이 호출마다 일어나지 않고 함수를 추적할 때 한 번만 일어나기도 합니다).",
    },
    "no_globals.read": {
        "en": "`{function}` reads the global `{global_name}` ({type}) at {where}",
        "ko": "`{function}`이(가) {where}에서 전역 변수 `{global_name}`({type})을(를) 읽음",
    },
    "no_globals.read_class": {
        "en": "`{function}` reads the class attribute `{global_name}` ({type}) at {where}",
        "ko": "`{function}`이(가) {where}에서 클래스 속성 `{global_name}`({type})을(를) 읽음",
    },
    "no_globals.logger_note": {
        "en": "Note: `{function}` logs through `{logger}` at {where}. A logger changes no result, so it is fine here; but under jit a logging call runs once, when the function is traced, not on every call. To see values on every call, use `jax.debug.print`.",
        "ko": "참고: `{function}`이(가) {where}에서 `{logger}`(으)로 로그를 남깁니다. 로거는 결과를 바꾸지 않으므로 여기서는 괜찮지만, jit에서는 로그 호출이 호출할 때마다가 아니라 함수를 추적할 때 한 번만 실행됩니다. 호출할 때마다 값을 보려면 `jax.debug.print`를 쓰세요.",
    },
    "no_globals.read_builtins": {
        "en": "`{function}` reads `{global_name}` ({type}) at {where}, a name your code put into `builtins`",
        "ko": "`{function}`이(가) {where}에서 여러분의 코드가 `builtins`에 넣어 둔 이름 `{global_name}`({type})을(를) 읽음",
    },
    "no_globals.read_module": {
        "en": "`{function}` reads `{global_name}` ({type}) at {where}, an attribute your code set on an imported module",
        "ko": "`{function}`이(가) {where}에서 여러분의 코드가 import한 모듈에 붙여 둔 속성 `{global_name}`({type})을(를) 읽음",
    },
    "no_globals.write": {
        "en": "`{function}` assigns the global `{global_name}` at {where}",
        "ko": "`{function}`이(가) {where}에서 전역 변수 `{global_name}`에 값을 대입함",
    },
    "no_globals.read_attribute": {
        "en": "`{function}` reads `{global_name}` at {where}: what earlier calls left on a function, a jit wrapper or an object (an attribute, `cache_info()`, `_cache_size()`)",
        "ko": "`{function}`이(가) {where}에서 `{global_name}`을(를) 읽음: 앞선 호출이 함수나 jit 래퍼, 객체에 남긴 것(속성, `cache_info()`, `_cache_size()`)입니다",
    },
    "no_globals.why_rng": {
        "en": "Under jit the draw happens once, when the function is traced: every call of the compiled function returns the numbers drawn then, and outside jit each call depends on hidden state. Use `jax.random` with a key passed as an argument (`jax.random.normal(key, shape)`), and split the key for new numbers.",
        "ko": "jit에서는 함수를 추적할 때 한 번만 수를 뽑아, 컴파일된 함수는 호출할 때마다 그때 뽑은 수를 그대로 돌려줍니다. jit 밖에서는 호출마다 숨은 상태에 의존합니다. 키를 인자로 받아 `jax.random`을 쓰고(`jax.random.normal(key, shape)`), 새 수가 필요하면 키를 나누세요(split).",
    },
    "no_globals.namespace": {
        "en": "`{function}` reads a module's whole namespace (`vars(module)`, `module.__dict__`, `globals()` or `sys.modules`) at {where}",
        "ko": "`{function}`이(가) {where}에서 모듈의 이름 공간 전체(`vars(module)`, `module.__dict__`, `globals()` 또는 `sys.modules`)를 읽음",
    },
    "where.unknown": {
        "en": "a place the grader cannot read",
        "ko": "채점기가 읽을 수 없는 곳",
    },
    "where.same_file_lines": {
        "en": "line {lines}",
        "ko": "{lines}번째 줄",
    },
    "where.short": {
        "en": "{filename}, line {line}",
        "ko": "{filename}의 {line}번째 줄",
    },
    # --------------------------------------------------- no_recompilation
    "no_recompilation.passed": {
        "en": "After warm-up, {calls} calls with new values of the same shapes and dtypes compiled nothing.",
        "ko": "워밍업 후 같은 shape와 dtype의 새 값으로 {calls}번 호출하는 동안 컴파일이 한 번도 일어나지 않았습니다.",
    },
    "no_recompilation.failed": {
        "en": "After warm-up, {calls} calls with new values of the same shapes and dtypes caused {compiles} compilations and {traces} traces; each call should reuse the compiled code. {explanation}",
        "ko": "워밍업 후 같은 shape와 dtype의 새 값으로 {calls}번 호출하는 동안 컴파일이 {compiles}번, 추적이 {traces}번 일어났습니다. 호출마다 이미 컴파일된 코드를 재사용해야 합니다. {explanation}",
    },
    "no_recompilation.explanation": {
        "en": "JAX explains the first cache miss: {text}",
        "ko": "JAX가 설명하는 첫 번째 캐시 미스: {text}",
    },
    "no_recompilation.raised": {
        "en": "Compilations could not be measured: your function {explanation}\nThe input: {input}",
        "ko": "컴파일 횟수를 측정하지 못했습니다: 여러분의 함수가 {explanation}\n입력: {input}",
    },
    "instrument.tampered": {
        "en": "Not graded: your code changed what the grader measures with ({changes}). Remove that code; the instructor has been notified.",
        "ko": "채점하지 않음: 여러분의 코드가 채점기의 측정 도구를 바꾸었습니다({changes}). 그 코드를 지우세요. 강사에게도 이 사실을 알렸습니다.",
    },
    "instrument.untrusted": {
        "en": "The compilation counter did not register a known compilation, so this measurement cannot be trusted and was not used.",
        "ko": "컴파일 카운터가 확실히 일어난 컴파일을 기록하지 못했으므로, 이 측정값은 신뢰할 수 없어 사용하지 않았습니다.",
    },
    # -------------------------------------------------------- jit_speedup
    "jit_speedup.passed": {
        "en": "On {platform} ({device}), input shape {shape}, {calls} calls per timed batch: `{name}` is clearly faster than the un-jitted formula. The grader measures, on this machine, how much jit speeds up the formula itself; yours reaches at least the geometric mean of 1x and that factor.",
        "ko": "{platform}({device})에서 입력 shape {shape}, 측정 묶음당 {calls}회 호출로 잰 결과 `{name}`이(가) jit 없는 공식보다 뚜렷하게 빠릅니다. 채점기는 이 기기에서 jit이 공식 자체를 몇 배 빠르게 하는지 재며, 여러분의 함수는 1배와 그 배율의 기하 평균(배율의 제곱근) 이상 빨랐습니다.",
    },
    "jit_speedup.failed": {
        "en": "On {platform} ({device}), input shape {shape}, {calls} calls per timed batch: `{name}` is not clearly faster than the un-jitted formula. The grader measures, on this machine, how much jit speeds up the formula itself; yours must reach at least the geometric mean of 1x and that factor. Compile it with `@jax.jit` so that XLA fuses its operations into one program.",
        "ko": "{platform}({device})에서 입력 shape {shape}, 측정 묶음당 {calls}회 호출로 잰 결과 `{name}`이(가) jit 없는 공식보다 뚜렷하게 빠르지 않습니다. 채점기는 이 기기에서 jit이 공식 자체를 몇 배 빠르게 하는지 재며, 여러분의 함수는 1배와 그 배율의 기하 평균(배율의 제곱근) 이상 빨라야 합니다. XLA가 연산들을 하나의 프로그램으로 합칠(fuse) 수 있도록 `@jax.jit`으로 컴파일하세요.",
    },
    "jit_speedup.no_advantage": {
        "en": "Not judged, points kept: on {platform} ({device}) at input shape {shape}, this machine shows no clear jit advantage even for the formula itself, so no speedup can fairly be asked of `{name}`.",
        "ko": "판정하지 않음(점수 유지): {platform}({device})에서 입력 shape {shape}일 때는 공식 자체도 jit으로 뚜렷하게 빨라지지 않으므로 `{name}`에 속도 향상을 요구할 수 없습니다.",
    },
    "jit_speedup.outputs_differ": {
        "en": "The timed calls of `{name}` on {platform} ({device}) returned results that differ from the reference, checked on outputs the grader picked after timing them, so the timing cannot count.",
        "ko": "{platform}({device})에서 시간을 잰 `{name}` 호출의 결과가 참조 답안과 다릅니다(채점기가 시간을 잰 뒤에 고른 출력으로 확인). 그래서 이 시간 측정은 인정되지 않습니다.",
    },
    "jit_speedup.processes_changed": {
        "en": "While `{name}` was being timed on {platform} ({device}), processes were started or ended in its worker, so the time it used cannot be counted. A graded function must not start processes.",
        "ko": "{platform}({device})에서 `{name}`의 시간을 재는 동안 작업 프로세스 안에서 프로세스가 시작되거나 끝나서, 측정한 시간을 인정할 수 없습니다. 채점 대상 함수는 프로세스를 시작하면 안 됩니다.",
    },
    "jit_speedup.not_jit": {
        "en": "`{name}` is not jit-compiled ({where}: `{binding}`), so there is no jit speedup to measure: code without jit earns nothing here, however fast it runs. Compile it with `{fix}`.",
        "ko": "`{name}`이(가) jit으로 컴파일되지 않으므로({where}: `{binding}`) 잴 jit 속도 향상이 없습니다. jit 없는 코드는 아무리 빨라도 이 검사에서 점수를 받지 못합니다. `{fix}`(으)로 컴파일하세요.",
    },
    "jit_speedup.refused_not_jit": {
        "en": "`{name}` could not be timed as a jit-compiled function: the function graded is a `{type}`, not the one `jax.jit` made at {where}. Keep the jitted binding last.",
        "ko": "`{name}`의 시간을 jit으로 컴파일된 함수로서 잴 수 없었습니다: 채점한 함수는 {where}에서 `jax.jit`이 만든 함수가 아니라 `{type}`입니다. jit을 적용한 정의가 마지막에 오게 하세요.",
    },
    "jit_speedup.refused_not_array": {
        "en": "`{name}` returned a `{type}` while it was timed, not a JAX array, so its time cannot count. Return the array your JAX computation produces.",
        "ko": "시간을 재는 동안 `{name}`이(가) JAX 배열이 아닌 `{type}`을(를) 반환해 그 시간을 인정할 수 없습니다. JAX 연산이 만든 배열을 그대로 반환하세요.",
    },
    "jit_speedup.uncommitted": {
        "en": "The timed calls of `{name}` on {platform} ({device}) did not deliver the outputs they committed to when the timer stopped, so the timing cannot count.",
        "ko": "{platform}({device})에서 시간을 잰 `{name}` 호출이 타이머가 멈출 때 확정한 출력을 그대로 내놓지 않아, 이 시간 측정은 인정되지 않습니다.",
    },
    "jit_speedup.raised": {
        "en": "`{name}` could not be timed: it {explanation}",
        "ko": "`{name}`의 시간을 잴 수 없었습니다: 함수가 {explanation}",
    },
    "jit_speedup.baseline_failed": {
        "en": "The grader could not time the un-jitted formula in its own clean worker ({detail}). This is not your fault; please tell your instructor.",
        "ko": "채점기가 자체 작업 프로세스에서 jit 없는 공식의 시간을 재지 못했습니다({detail}). 여러분의 잘못이 아니니 강사에게 알려 주세요.",
    },
    "structure.callback": {
        "en": "{where} (`{code}`) calls back into Python (`{primitive}`) from inside the compiled program. Every "
              "call of `{name}` stops and waits for the host, which costs more than the formula. Take it out of the "
              "jitted function.",
        "ko": "{where}(`{code}`)의 코드가 컴파일된 프로그램 안에서 Python을 다시 호출합니다(`{primitive}`). "
              "`{name}`을(를) 호출할 때마다 실행이 멈추고 호스트를 기다리며, 그 비용이 공식 자체보다 큽니다. "
              "이 호출을 jit 함수 밖으로 빼세요.",
    },
    "structure.float64": {
        "en": "{where} (`{code}`) computes in 64-bit floats, twice the data of float32 and far slower on "
              "accelerators. Keep the computation in the input's dtype.",
        "ko": "{where}(`{code}`)에서 64비트 부동소수점으로 계산합니다. 데이터 양이 float32의 두 배이고 "
              "가속기에서는 훨씬 느립니다. 입력과 같은 dtype으로 계산하세요.",
    },
    "structure.loop": {
        "en": "{where} (`{code}`) runs a loop (`{primitive}`) inside the compiled program, and the reference needs "
              "none: the loop repeats work that one vectorised expression does once. Write it without the loop.",
        "ko": "{where}(`{code}`)의 코드가 컴파일된 프로그램 안에서 루프(`{primitive}`)를 돌립니다. 참조 답안에는 루프가 필요 없으며, 이 루프는 벡터화한 식 하나가 한 번에 하는 일을 되풀이합니다. 루프 없이 작성하세요.",
    },
    "structure.larger": {
        "en": "Your traced program has {size} operations where the reference's has {reference}; {where} (`{code}`) "
              "makes {count} of them. A Python loop there is unrolled into the program: write it as one "
              "vectorised expression.",
        "ko": "추적된 여러분의 프로그램은 연산이 {size}개로 참조 답안({reference}개)보다 많고, 그중 {count}개가 {where}(`{code}`)에서 나옵니다. 그 줄의 Python 루프가 프로그램 안에 펼쳐진 것이니, 벡터화한 식 하나로 작성하세요.",
    },
    "jit_speedup.figures": {
        "en": "measured: yours {speedup}x faster than the un-jitted formula, jit of the formula {calibrated}x, needed {required}x; {student_us} µs against {eager_us} µs per call, {rounds} rounds",
        "ko": "측정값: jit 없는 공식 대비 여러분의 함수 {speedup}배, 공식에 jit 적용 {calibrated}배, 필요 {required}배; 호출당 {student_us} µs 대 {eager_us} µs, {rounds}회 측정",
    },
    # ------------------------------------------------------- compact_trace
    "compact_trace.passed": {
        "en": "The traced program has the same size ({sizes} operations) whatever {what} ({lengths}), and is not much larger than the reference's ({reference} operations): the loop is not unrolled.",
        "ko": "{what}이(가) {lengths}(으)로 달라져도 추적된 프로그램의 크기가 같고({sizes}개 연산), 참조 답안({reference}개 연산)보다 크게 많지 않습니다. 루프가 펼쳐지지 않았습니다.",
    },
    "compact_trace.unrolled_at": {
        "en": "A Python loop is unrolled into the traced program at {where}",
        "ko": "{where}에서 Python 루프가 추적된 프로그램 안에 펼쳐집니다",
    },
    "compact_trace.unrolled": {
        "en": "A Python loop is unrolled into the traced program",
        "ko": "Python 루프가 추적된 프로그램 안에 펼쳐집니다",
    },
    "compact_trace.grows": {
        "en": "{unrolled}.\nThe program grows with {what} ({sizes} operations for {lengths}). Use `{construct}` so that its size stays fixed.",
        "ko": "{unrolled}.\n프로그램이 {what}에 따라 커집니다({lengths}일 때 {sizes}개 연산). 크기가 고정되도록 `{construct}`을(를) 쓰세요.",
    },
    "compact_trace.too_large": {
        "en": "{unrolled}: with {what} at {length}, the program has {size} operations where the reference has {reference} (up to {limit} is accepted). A loop that always runs a fixed number of times, over padded input for example, keeps the size the same for every length ({lengths}) but is unrolled all the same. Use `{construct}` instead.",
        "ko": "{unrolled}: {what}이(가) {length}일 때 프로그램의 연산은 {size}개로, 참조 답안의 {reference}개보다 훨씬 많습니다({limit}개까지 허용). 입력을 채워 넣는(padding) 식으로 늘 같은 횟수만 도는 루프는 길이({lengths})와 상관없이 크기가 같지만 펼쳐지기는 마찬가지입니다. 대신 `{construct}`을(를) 쓰세요.",
    },
    "compact_trace.unroll_argument": {
        "en": "At {where} (`{code}`), `unroll=` makes the compiler copy the loop body once per step, so the program grows with {what} ({sizes} operations for {lengths}). Drop `unroll=` (or give it a small fixed number) to keep the size fixed.",
        "ko": "{where}(`{code}`)의 `unroll=` 때문에 컴파일러가 반복마다 루프 본문을 복사합니다. 그래서 프로그램이 {what}에 따라 커집니다({lengths}일 때 {sizes}개 연산). 크기가 고정되도록 `unroll=`을 빼거나 작은 고정값을 주세요.",
    },
    "compact_trace.callback": {
        "en": "{where} (`{code}`) hands the computation back to Python (`{primitive}`) from inside the traced program. What runs there is outside the trace, so the program's size cannot show that the loop over {what} is compact, and a Python loop there is what the statement rules out. Write the loop inside the program with `{construct}` (`jax.debug.print` is fine for printing).",
        "ko": "{where}(`{code}`)에서 추적된 프로그램 안으로부터 계산을 Python에 다시 넘깁니다(`{primitive}`). 그곳에서 실행되는 일은 추적 밖에 있어, 프로그램 크기로는 {what}에 대한 루프가 간결한지 보일 수 없고, 그곳의 Python 루프는 문제에서 금지한 것입니다. 루프를 `{construct}`(으)로 프로그램 안에 작성하세요(출력에는 `jax.debug.print`를 써도 됩니다).",
    },
    "compact_trace.incomplete": {
        "en": "The worker measured {got} trace sizes where {expected} were asked for, so growth could not be judged. This is not counted as a pass; please tell your instructor.",
        "ko": "작업 프로세스가 추적 크기를 {expected}개 요청받고 {got}개만 재어, 크기가 커지는지 판단할 수 없었습니다. 통과로 치지 않습니다. 강사에게 알려 주세요.",
    },
    "compact_trace.retraced": {
        "en": "`{name}` was traced again when its program was read after a call with the same arguments: what it traces depends on more than its arguments' shapes and dtypes, so the size of the program it runs cannot be measured. Make the traced program depend only on the arguments.",
        "ko": "같은 인자로 호출한 뒤 프로그램을 읽을 때 `{name}`이(가) 다시 추적되었습니다. 추적되는 내용이 인자의 shape와 dtype 외의 것에도 달려 있어, 실제로 실행되는 프로그램의 크기를 잴 수 없습니다. 추적되는 프로그램이 인자에만 달려 있게 하세요.",
    },
    "compact_trace.raised": {
        "en": "`{name}` could not be traced: it {explanation}",
        "ko": "`{name}`을(를) 추적할 수 없었습니다: 함수가 {explanation}",
    },
    # ------------------------------------------------------------- reports
    "report.submission": {"en": "Submission", "ko": "제출물"},
    "report.assignment": {"en": "Assignment", "ko": "과제"},
    "report.score": {"en": "Score", "ko": "점수"},
    "report.exercise": {"en": "Exercise", "ko": "문제"},
    "report.check": {"en": "Check", "ko": "검사"},
    "report.status": {"en": "Result", "ko": "결과"},
    "report.points": {"en": "Points", "ko": "점수"},
    "report.message": {"en": "Explanation", "ko": "설명"},
    "report.flags": {"en": "Notes", "ko": "참고"},
    "report.output": {"en": "What your code printed (first lines)", "ko": "여러분의 코드가 출력한 내용(앞부분)"},
    "demo.title": {"en": "The samples, graded", "ko": "채점한 예제 제출물"},
    "demo.shows": {"en": "What it shows", "ko": "보여 주는 것"},
    "status.passed": {"en": "passed", "ko": "통과"},
    "status.failed": {"en": "failed", "ko": "실패"},
    "status.error": {"en": "error", "ko": "오류"},
    "status.skipped": {"en": "skipped", "ko": "건너뜀"},
    "status.withheld": {"en": "held for review", "ko": "검토 대기"},
    "report.details": {"en": "Details: every check's full explanation", "ko": "자세히 보기: 검사별 전체 설명"},
    "flag.cell_failed": {
        "en": "cell failed: {detail}",
        "ko": "셀 실행 실패: {detail}",
    },
    "flag.file_failed": {
        "en": "part of the file failed: {detail}",
        "ko": "파일 일부 실행 실패: {detail}",
    },
    "flag.worker_restarted": {
        "en": "the worker was restarted {count} time(s) after your code stopped it",
        "ko": "여러분의 코드가 작업 프로세스를 멈추게 해 {count}번 다시 시작했습니다",
    },
    "flag.less_isolated": {
        "en": "less-isolated: your code ran as a plain process, without the filesystem and network sandbox ({reason})",
        "ko": "less-isolated: 여러분의 코드가 파일 시스템·네트워크 격리 없이 일반 프로세스로 실행되었습니다({reason})",
    },
    "flag.instrument_tampered": {
        "en": "instrument-tampered: {changes}",
        "ko": "instrument-tampered: {changes}",
    },
    "flag.timing_outputs_differ": {
        "en": "timing-outputs-differ: the timed calls of `{name}` returned wrong results",
        "ko": "timing-outputs-differ: 시간을 잰 `{name}` 호출이 틀린 결과를 냈습니다",
    },
    "flag.timing_processes_changed": {
        "en": "timing-processes-changed: `{name}` started or ended processes while it was timed",
        "ko": "timing-processes-changed: `{name}`이(가) 시간을 재는 동안 프로세스를 시작하거나 끝냈습니다",
    },
    "flag.timing_uncommitted": {
        "en": "timing-uncommitted: the timed calls of `{name}` did not deliver the outputs committed when the timer stopped",
        "ko": "timing-uncommitted: 시간을 잰 `{name}` 호출이 타이머가 멈출 때 확정한 출력을 내놓지 않았습니다",
    },
    "flag.needs_review": {
        "en": "needs-review: {what} ({where})",
        "ko": "검토 필요: {what} ({where})",
    },
    "review.withheld": {
        "en": "Points held for review, not taken away: your code uses {what} ({where}). A JAX exercise never needs it, and it could change what the grader measures in your code's process, so until your instructor looks, only the checks the grader verifies itself (correctness) count. Your instructor will look at it and can give these points back; if you did not mean to use it, remove that code and submit again. This check found: {finding}",
        "ko": "검토를 위해 점수를 보류했습니다(잃은 점수가 아닙니다). 여러분의 코드가 다음을 씁니다: {what} ({where}). JAX 과제에는 필요 없는 기능이고 여러분의 코드가 실행되는 프로세스에서 채점기가 재는 값을 바꿀 수 있어서, 강사가 확인하기 전까지는 채점기가 직접 확인하는 검사(정확성)만 점수에 들어갑니다. 강사가 확인하고 이 점수를 돌려줄 수 있습니다. 의도한 것이 아니라면 그 코드를 지우고 다시 제출하세요. 이 검사의 결과: {finding}",
    },
    "failure.grader_failed": {
        "en": "the grading system itself failed on it, which says nothing about your code. Your instructor has the "
              "details and will grade it; you need not do anything, and may submit again.",
        "ko": "채점 시스템 자체가 이 제출물에서 실패했습니다. 여러분의 코드와는 관계없는 문제입니다. 강사가 자세한 내용을 "
              "받았고 채점할 것입니다. 따로 할 일은 없으며, 다시 제출해도 됩니다.",
    },
    "failure.notebook_not_json": {
        "en": "`{notebook}` is not a notebook file Jupyter can read (it is not valid JSON). Open your work in "
              "JupyterLab, save it there (File > Save Notebook), and submit again.",
        "ko": "`{notebook}` 파일은 Jupyter가 읽을 수 있는 노트북이 아닙니다(올바른 JSON이 아닙니다). JupyterLab에서 "
              "작업을 열어 저장한 뒤(File > Save Notebook) 다시 제출하세요.",
    },
    "failure.notebook_schema": {
        "en": "`{notebook}` breaks Jupyter's notebook format at {where}: {detail}. This happens when a notebook is "
              "edited outside Jupyter; open it in JupyterLab, fix or delete that cell, save, and submit again.",
        "ko": "`{notebook}` 파일이 Jupyter 노트북 형식을 어깁니다. 위치: {where}, 내용: {detail}. 노트북을 Jupyter "
              "밖에서 고치면 생기는 문제입니다. JupyterLab에서 열어 그 셀을 고치거나 지우고, 저장한 뒤 다시 제출하세요.",
    },
    "failure.notebook_cell_field": {
        "en": "cell {number} (from the top), field `{field}`",
        "ko": "위에서 {number}번째 셀의 `{field}` 항목",
    },
    "failure.notebook_field": {
        "en": "the field `{field}`",
        "ko": "`{field}` 항목",
    },
    "failure.no_notebook": {
        "en": "your submission holds no notebook {expected} (it holds: {files}). Submit the assignment's notebook, with its name.",
        "ko": "제출물에 노트북 {expected} 파일이 없습니다(제출물 안의 파일: {files}). 과제 노트북을 원래 이름 그대로 제출하세요.",
    },
    "note.restored_cells": {
        "en": "Cells missing from your notebook were put back from the released notebook, in their places, before grading: {cells}. Keep the locked cells in your notebook.",
        "ko": "노트북에서 빠진 셀을 배포된 노트북에서 가져와 원래 자리에 넣고 채점했습니다: {cells}. 잠긴 셀은 지우지 말고 그대로 두세요.",
    },
    "note.renamed_notebook": {
        "en": "Your notebook was named `{submitted}`, and the submission had no `{graded}`: it was graded as `{graded}`. Keep the assignment's name next time.",
        "ko": "제출물에 `{graded}` 노트북이 없고 다른 이름의 노트북(`{submitted}`)이 있어서, 그 노트북을 `{graded}` 자리에 놓고 채점했습니다. 다음에는 과제 노트북의 원래 이름을 그대로 쓰세요.",
    },
    "review.note.approved": {
        "en": "reviewed: your instructor ({by}) looked at the flagged code on {day} and gave the withheld points back{note}",
        "ko": "검토 완료: 강사({by})가 {day}에 표시된 코드를 확인하고 보류했던 점수를 돌려주었습니다{note}",
    },
    "review.note.confirmed": {
        "en": "reviewed: your instructor ({by}) looked at the flagged code on {day}; the withheld points stay withheld{note}",
        "ko": "검토 완료: 강사({by})가 {day}에 표시된 코드를 확인했고, 보류한 점수는 그대로 보류됩니다{note}",
    },
    "review.kind.descriptor": {"en": "the process's file descriptors", "ko": "프로세스의 파일 디스크립터"},
    "review.kind.process": {"en": "process control (starting, ending or signalling processes)", "ko": "프로세스 제어(프로세스 시작·종료, 시그널 보내기)"},
    "review.kind.native": {"en": "native code or raw memory (`ctypes`, an array's address)", "ko": "네이티브 코드나 메모리 직접 접근(`ctypes`, 배열의 주소)"},
    "review.kind.thread": {"en": "threads", "ko": "스레드"},
    "review.kind.signal": {"en": "signal handlers", "ko": "시그널 핸들러"},
    "review.kind.introspection": {"en": "frame or garbage-collector introspection", "ko": "프레임이나 가비지 컬렉터 내부 조회"},
    "review.kind.dynamic": {"en": "code, names or modules the grader cannot follow (built from strings at run time, or a module such as `os` handed on as a value)", "ko": "채점기가 따라갈 수 없는 코드·이름·모듈(실행 중에 문자열로 만든 것, 또는 `os` 같은 모듈을 값으로 넘긴 것)"},
    "review.kind.identity": {"en": "rewriting what an object claims to be (`__class__`, `__module__`, ...)", "ko": "객체의 클래스·모듈 정보 고쳐 쓰기(`__class__`, `__module__` 등)"},
    "review.kind.patch": {"en": "changes to a library module", "ko": "라이브러리 모듈 수정"},
    "review.kind.network": {"en": "the network", "ko": "네트워크"},
    "review.kind.registry": {"en": "registries and switches the interpreter or a library keeps for the whole process (`atexit`, `codecs`, `readline`, `sys.intern`, a library's private functions such as NumPy's switches)", "ko": "인터프리터나 라이브러리가 프로세스 전체에 유지하는 등록부와 스위치(`atexit`, `codecs`, `readline`, `sys.intern`, NumPy의 스위치 같은 라이브러리의 비공개 함수)"},
    "review.kind.unreadable": {"en": "code nested too deeply for the grader to read", "ko": "채점기가 읽을 수 없을 만큼 깊이 중첩된 코드"},
    "review.kind.channel": {"en": "the grader's own channel to its worker", "ko": "채점기와 작업 프로세스 사이의 통신 채널"},
    "review.kind.silenced": {"en": "something that silenced the grader's audit of your process", "ko": "채점기의 프로세스 감시를 멈추게 하는 코드"},
    "review.at_run_time": {"en": "seen at run time", "ko": "실행 중에 확인"},
    "review.event.channels_left_open": {
        "en": "a socket or pipe made by the cells and still open after they ran (bytes queued in it outlive every call)",
        "ko": "셀이 만들고 셀 실행 뒤에도 열려 있는 소켓이나 파이프(그 안에 쌓인 바이트는 호출이 끝나도 남습니다)",
    },
    "flag.other_assignment": {
        "en": "other-assignment: this file defines none of the functions of assignment '{given}' but some of '{likely}'; if it was meant for that one, grade it with --assignment {likely}",
        "ko": "other-assignment: 이 파일에는 과제 '{given}'의 함수가 하나도 없고 '{likely}'의 함수가 있습니다. 그 과제의 제출물이라면 --assignment {likely}(으)로 채점하세요",
    },
    "flag.instrument_untrusted": {
        "en": "instrument-untrusted: {instrument} failed its self-check in `{name}`",
        "ko": "instrument-untrusted: `{name}`에서 {instrument}이(가) 자체 점검에 실패했습니다",
    },
    # ------------------------------------------------------------------ course notebooks
    "notebook.rules": {
        "en": """## How this is graded

- Write each function in its solution cell. **Do not rename the function or its arguments.**
- The **self-check** cell below each solution tries your function on a few fixed examples and shows ✓ when they pass.
- Do not delete or edit the **grading cell** below that. The real grading is done by the jaxgrade grader, in a
  process apart from your notebook, on many inputs that hypothesis generates. Each problem gets some of these checks:
{glossary}
- **You earn the other checks' points only once `{gate}` passes.** A function that returns wrong values scores
  nothing, however pure or jit-compiled it is. What the other checks found is still shown in your feedback.
- When something is wrong, the feedback shows the smallest failing input, the expected and the actual value, and
  the line of code at fault.
- This assignment has {count} problems, {points} points in all.""",
        "ko": "## 채점 안내\n\n- 각 문제의 풀이 셀에 함수를 작성하세요. **함수 이름과 인자 이름은 바꾸지 마세요.**\n- 풀이 셀 아래의 **자가 점검** 셀은 몇 가지 고정된 예로 여러분의 함수를 확인합니다. 통과하면 ✓가 표시됩니다.\n- 그 아래의 **채점 셀**은 지우거나 고치지 마세요. 실제 채점은 jaxgrade 채점기가 여러분의 노트북과\n  분리된 프로세스에서, hypothesis가 만든 많은 입력으로 합니다. 문제마다 다음 검사 가운데 몇 가지를 합니다.\n{glossary}\n- **`{gate}`을(를) 통과해야 나머지 검사의 점수를 받습니다.** 틀린 값을 내는 함수는 순수하거나 jit으로\n  컴파일되어 있어도 점수가 없습니다. 그래도 다른 검사가 찾은 문제는 피드백에 함께 보여 줍니다.\n- 틀린 부분이 있으면 피드백에 가장 작은 실패 입력, 기대값과 실제값, 문제가 된 코드 줄이 표시됩니다.\n- 이 과제는 {count} 문제, 모두 {points}점입니다.",
    },
    "notebook.libraries": {
        "en": "> **What your code may import.** The grader runs your notebook with Python's standard library and "
              "{libraries}, the versions of `student-requirements.txt`. A cell that imports anything else does not "
              "run when it is graded (the rest of the notebook still does): keep other libraries out of the cells "
              "that define your answers.",
        "ko": "> **import할 수 있는 라이브러리.** 채점기는 Python 표준 라이브러리와 {libraries}만 있는 환경에서 "
              "여러분의 노트북을 실행합니다(버전은 `student-requirements.txt`와 같습니다). 그 밖의 라이브러리를 "
              "import하는 셀은 채점할 때 실행되지 않으니(나머지 셀은 실행됩니다), 답을 정의하는 셀에는 다른 "
              "라이브러리를 넣지 마세요.",
    },
    "hint.renamed_keyword": {
        "en": "`{function}` no longer takes `{old}=`; its name is now `{new}=`: write `{function}(…, {new}=…)`.",
        "ko": "`{function}`은(는) 이제 `{old}=`을(를) 받지 않습니다. 이름이 `{new}=`(으)로 바뀌었으니 `{function}(…, {new}=…)`처럼 쓰세요.",
    },
    "removed.or_optax": {
        "en": "For new code, the optax library is the maintained choice.",
        "ko": "새로 쓰는 코드라면 계속 관리되는 optax 라이브러리를 쓰는 편이 좋습니다.",
    },
    "removed.or_flax": {
        "en": "For new code, the flax library is the maintained choice.",
        "ko": "새로 쓰는 코드라면 계속 관리되는 flax 라이브러리를 쓰는 편이 좋습니다.",
    },
    "removed.tie_in": {
        "en": "`{old}` is no longer in JAX and nothing replaces it: drop the call and use its second argument as it is.",
        "ko": "`{old}`은(는) 이제 JAX에 없고 대신할 것도 없습니다. 호출을 지우고 두 번째 인자를 그대로 쓰세요.",
    },
    "hint.removed_api": {
        "en": "`{old}` is no longer in JAX (old tutorials still use it): write `{new}` instead.",
        "ko": "`{old}`은(는) 이제 JAX에 없습니다(오래된 튜토리얼에는 아직 남아 있습니다). 대신 `{new}`을(를) 쓰세요.",
    },
    "exercise.never_defined": {
        "en": "`{name}` was never defined: {problem}, so the definition of `{name}` further down (line "
              "{defined_at}) never ran. Fix that line first.",
        "ko": "`{name}`이(가) 정의되지 않았습니다: {problem}. 이 오류 때문에 그 아래({defined_at}번째 줄)에 있는 "
              "`{name}`의 정의가 실행되지 않았습니다. 먼저 오류가 난 그 줄을 고치세요.",
    },
    # ------------------------------------------- `jaxgrade watch`: feedback that is not a verdict
    "watch.received_title": {
        "en": "{assignment}: submission received",
        "ko": "{assignment}: 제출물을 받았습니다",
    },
    "watch.received": {
        "en": "Your submission of {submitted} was received, and it counts for your grade at the deadline as usual. "
              "You have used your judged feedback for now (quota: {quota}), so this one gets no verdict. "
              "The next judged feedback is available from {next_at}: submit again after that time to get one.",
        "ko": "{submitted}에 낸 제출물을 받았으며, 평소처럼 마감 때 성적에 반영됩니다. "
              "지금은 채점 피드백을 모두 사용해서(한도: {quota}) 이번 제출물에는 판정이 없습니다. "
              "다음 채점 피드백은 {next_at}부터 받을 수 있으니, 그 뒤에 다시 제출하세요.",
    },
    "watch.failed_title": {
        "en": "{assignment}: submission not graded",
        "ko": "{assignment}: 제출물을 채점하지 못했습니다",
    },
    "watch.failed": {
        "en": "Your submission of {submitted} was received, but the grader could not grade it: {reason} "
              "This did not use up your judged feedback. Your instructor has been told; if you can fix what the "
              "line above says, submit again, and the grader tries again when it next starts in any case. Once it "
              "is graded, the Assignments panel says \"feedback available to fetch\": press Fetch Feedback, and "
              "the verdict replaces this page.",
        "ko": "{submitted}에 낸 제출물을 받았지만 채점하지 못했습니다: {reason} 이번 제출은 채점 피드백 횟수에서 차감되지 않았습니다. 강사에게 알렸습니다. 위의 내용을 고칠 수 있다면 고쳐서 다시 제출하세요. 어느 경우든 채점기는 다음에 시작될 때 이 제출물을 다시 채점합니다. 채점이 끝나면 Assignments 패널에 \"feedback available to fetch\"가 표시되니, Fetch Feedback을 누르면 이 페이지가 판정으로 바뀝니다.",
    },
    "watch.ungraded_title": {
        "en": "{assignment}: submission not graded",
        "ko": "{assignment}: 제출물을 채점하지 못했습니다",
    },
    "watch.ungraded": {
        "en": "Your submission of {submitted} could not be graded: {reason} Your instructor has been told and will "
              "look at it. Once it is graded, the Assignments panel says \"feedback available to fetch\": press "
              "Fetch Feedback, and the verdict replaces this page.",
        "ko": "{submitted}에 낸 제출물을 채점하지 못했습니다: {reason} 강사에게 알렸으며 강사가 확인할 예정입니다. 채점이 "
              "끝나면 Assignments 패널에 \"feedback available to fetch\"가 표시되니, Fetch Feedback을 누르면 이 페이지가 "
              "판정으로 바뀝니다.",
    },
    "notebook.title": {"en": "# Assignment {number}: {title}", "ko": "# 과제 {number}: {title}"},
    "notebook.heading": {
        "en": "### Problem {number}. `{signature}` ({points} points)\n\nChecks: {checks}",
        "ko": "### 문제 {number}. `{signature}` ({points}점)\n\n채점 항목: {checks}",
    },
    "notebook.check_points": {"en": "`{check}` {points}", "ko": "`{check}` {points}점"},
    "notebook.count": {
        # A count as the notebook spells it; {count} is used where a language has no word for it.
        "en": "{count}",
        "ko": "{count}",
    },
    **{f"notebook.count_{n}": {"en": en, "ko": ko} for n, (en, ko) in enumerate(
        (("one", "한"), ("two", "두"), ("three", "세"), ("four", "네"), ("five", "다섯"), ("six", "여섯"),
         ("seven", "일곱"), ("eight", "여덟")), start=1)},
}
