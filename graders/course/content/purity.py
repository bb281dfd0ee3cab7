"""Notebook `purity`: pure functions and their pitfalls (Korean)."""

from __future__ import annotations

from ..notebooks import Code, GradedExercise, Markdown, NotebookContent, Rules
from .common import setup

CONTENT = NotebookContent(
    assignment="purity",
    notebook="purity",
    solutions_module="solutions.purity",
    number=3,
    blocks=(
        Markdown("""
JAX의 변환(`jit`, `grad`, `vmap`)은 **순수 함수**를 전제로 합니다. 순수 함수는 같은 입력에 항상 같은
출력을 내고, 입력이나 바깥 상태를 바꾸지 않으며, 필요한 모든 것을 인자로 받습니다.

- 전역 변수는 jit이 추적하는 순간의 값이 컴파일된 코드에 **고정**됩니다. 나중에 바꿔도 반영되지 않습니다.
- Python 반복자(`iter`, `next`)는 `lax.fori_loop` 안에서 기대대로 동작하지 않습니다.
- Python `for` 루프는 추적될 때 **펼쳐집니다**. 반복 횟수만큼 프로그램이 커집니다.
- 모델 파라미터 같은 중첩 구조(pytree)는 `jax.tree_util.tree_map`으로 다룹니다.
"""),
        Rules(),
        setup("from functools import partial\n\nimport numpy as np\nimport jax\nimport jax.numpy as jnp\n"
              "from jax import lax"),
        Markdown("""
## 1. 전역 변수는 추적 시점에 고정됩니다
"""),
        Code("""
offset = 0.0

@jax.jit
def add_offset(x):
    return x + offset          # 순수하지 않습니다: 전역 변수를 읽습니다

print(add_offset(1.0))
offset = 10.0
print(add_offset(1.0))         # 여전히 1.0: 첫 추적 때의 offset = 0.0이 고정되었습니다
"""),
        Markdown("""
## 2. pytree와 `tree_map`

파라미터를 `{"w": ..., "b": ...}` 같은 중첩 dict로 두면, `jax.tree_util.tree_map(f, 트리1, 트리2)`가
같은 위치의 잎(leaf)끼리 `f`를 적용한 **새 트리**를 만듭니다. 입력 dict를 고치지 않습니다.
"""),
        Code("""
params = {"dense": {"w": jnp.ones((2, 2)), "b": jnp.zeros(2)}}
doubled = jax.tree_util.tree_map(lambda leaf: 2 * leaf, params)
print(jax.tree_util.tree_structure(doubled))
print(params["dense"]["w"][0, 0], doubled["dense"]["w"][0, 0])
"""),
        GradedExercise(
            exercise="sgd_step",
            statement="""
- `params`, `grads`: 같은 구조의 (중첩될 수 있는) dict이고 잎은 배열입니다. `lr`: 실수.

각 잎이 `p - lr * g`인 **새 pytree**를 반환하세요. 넘겨받은 dict도, 그 안의 배열도 **바꾸면 안 됩니다**
(NumPy 배열이 들어와도 마찬가지입니다). 모듈 수준 데이터는 쓰지 마세요.
""",
            prompt="# 아래에 `sgd_step(params, grads, lr)`를 정의하세요.",
            selfcheck="""
def _check():
    params = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.zeros(1, dtype=np.float32)}}
    grads = {"w": np.ones(2, dtype=np.float32), "inner": {"b": np.ones(1, dtype=np.float32)}}
    new = sgd_step(params, grads, 0.5)
    assert set(new) == {"w", "inner"}, f"결과의 키가 {sorted(new)}입니다. 입력과 같은 구조여야 합니다."
    assert np.allclose(np.asarray(new["w"]), [0.5, 0.5]) and np.allclose(np.asarray(new["inner"]["b"]), [-0.5])
    assert np.array_equal(params["w"], np.ones(2)), "params['w']가 바뀌었습니다. 새 트리를 만드세요."
    assert np.array_equal(params["inner"]["b"], np.zeros(1)), "params['inner']['b']가 바뀌었습니다."

selfcheck("sgd_step", _check)
""",
        ),
        Markdown("""
## 3. `lax.fori_loop`: 펼쳐지지 않는 루프

`lax.fori_loop(시작, 끝, body, 초깃값)`은 `body(i, 값)`을 반복해 적용합니다. Python `for`와 달리 추적된
프로그램에는 루프 **하나**만 남습니다. `body` 안에서는 Python 반복자 대신 인덱스 `i`로 배열을 읽으세요.
jit으로 감싸지 않으면 호출할 때마다 `body`를 새로 추적하니, 루프를 쓰는 함수는 jit으로 컴파일하세요.
"""),
        Code("""
values = jnp.arange(10.0)
print(lax.fori_loop(0, 10, lambda i, total: total + values[i], 0.0))   # 45.0

numbers = iter(range(10))
print(lax.fori_loop(0, 10, lambda i, total: total + next(numbers), 0))  # 기대와 다릅니다: 반복자는 한 번만 읽힙니다
"""),
        GradedExercise(
            exercise="horner",
            statement="""
- `coeffs`: shape `(k,)`, `k >= 1`인 `float32` 배열. **최고차항 계수부터** 주어집니다.
- `x`: 임의 shape의 `float32` 배열.

다항식 `coeffs[0] * x**(k-1) + ... + coeffs[k-1]`을 호너 방법(`acc = acc * x + c`)으로 계산하세요.
**`lax.fori_loop`(또는 `lax.scan`)를 써서** 계수 개수가 늘어도 추적된 프로그램 크기가 그대로여야 하고,
**제출한 `horner`는 jit으로 컴파일된 함수여야 합니다.**
""",
            prompt="# 아래에 `horner(coeffs, x)`를 정의하세요. lax.fori_loop를 쓰고 jit으로 컴파일하세요.",
            selfcheck="""
def _check():
    out = np.asarray(horner(jnp.array([2.0, 0.0, -1.0]), jnp.array([0.0, 1.0, 2.0])))
    assert np.allclose(out, [-1.0, 1.0, 7.0]), f"2x² - 1의 값이 {out}입니다. [-1, 1, 7]이어야 합니다."
    short = str(jax.make_jaxpr(horner)(jnp.ones(2), jnp.ones(3))).count("\\n")
    long = str(jax.make_jaxpr(horner)(jnp.ones(20), jnp.ones(3))).count("\\n")
    assert short == long, "계수가 많아지면 추적된 프로그램이 커집니다. Python for 대신 lax.fori_loop를 쓰세요."

selfcheck("horner", _check)
""",
        ),
        Markdown("""
## 4. `vmap`: 예제 하나짜리 함수를 배치로

`jax.vmap(f, in_axes=...)`은 예제 하나를 처리하는 `f`를 배치 전체에 적용하는 함수로 바꿉니다. `in_axes`의
`None`은 "이 인자는 배치하지 않는다"는 뜻입니다. `grad`와 조합하면 예제별 기울기를 한 번에 구할 수 있습니다.
"""),
        Code("""
def dot(w, x):
    return jnp.dot(w, x)

w = jnp.array([1.0, 2.0])
batch = jnp.arange(6.0).reshape(3, 2)
print(jax.vmap(dot, in_axes=(None, 0))(w, batch))
"""),
        GradedExercise(
            exercise="per_example_grads",
            statement="""
- `theta = [w, b]`: shape `(2,)`. `x`, `y`: shape `(n,)`인 `float32` 배열.

예제마다의 손실 `(w * x[i] + b - y[i])**2`를 `theta`로 미분한 기울기를 모아 shape `(n, 2)` 배열로
반환하세요. **`jax.vmap`으로 배치하세요**: 예제 수가 늘어도 추적된 프로그램 크기가 그대로여야 합니다
(예제마다 도는 Python 루프는 안 됩니다).
""",
            prompt="# 아래에 `per_example_grads(theta, x, y)`를 정의하세요 (보조 함수를 같이 정의해도 됩니다).",
            solution=("_example_loss", "per_example_grads"),
            selfcheck="""
def _check():
    out = np.asarray(per_example_grads(jnp.array([1.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([0.0, 0.0])))
    assert out.shape == (2, 2), f"출력 shape가 {out.shape}입니다. (예제 수, 2) = (2, 2)여야 합니다."
    assert np.allclose(out, [[2.0, 2.0], [8.0, 4.0]]), f"결과가 {out.tolist()}입니다. [[2, 2], [8, 4]]여야 합니다."

selfcheck("per_example_grads", _check)
""",
        ),
        GradedExercise(
            exercise="moving_average",
            statement="""
- `x`: shape `(n,)`인 `float32` 배열. `window`: `1 <= window <= n`인 Python 정수.

연속한 `window`개 원소의 평균들을 길이 `n - window + 1`인 배열로 반환하세요. 출력 shape가 `window`에
따라 달라지므로 `window`는 **정적 인자**입니다: `jax.jit(moving_average, static_argnames="window")`로
감싸도 동작해야 하고, 같은 `window`로 다시 부를 때 다시 컴파일되면 안 됩니다.
""",
            prompt="# 아래에 `moving_average(x, window)`를 정의하세요.",
            selfcheck="""
def _check():
    out = np.asarray(moving_average(jnp.array([1.0, 2.0, 3.0, 4.0]), 2))
    assert out.shape == (3,), f"출력 shape가 {out.shape}입니다. 길이 4 - 2 + 1 = 3이어야 합니다."
    assert np.allclose(out, [1.5, 2.5, 3.5]), f"결과가 {out.tolist()}입니다."
    jitted = jax.jit(moving_average, static_argnames="window")
    assert np.allclose(np.asarray(jitted(jnp.array([1.0, 2.0, 3.0]), 3)), [2.0])

selfcheck("moving_average", _check)
""",
        ),
        Markdown("""
## 마무리

모든 자가 점검이 ✓이면 저장한 뒤 Assignments 패널에서 **Submit**하세요.
"""),
    ),
)
