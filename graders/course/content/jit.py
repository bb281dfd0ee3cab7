"""Notebook `jit`: thinking in JAX: jit, tracing, static values (Korean)."""

from __future__ import annotations

from graders.judge.catalogue.jit import NORM_FORMULA

from ..notebooks import Code, GradedExercise, Markdown, NotebookContent, Rules
from .common import setup

CONTENT = NotebookContent(
    assignment="jit",
    notebook="jit",
    solutions_module="solutions.jit",
    number=2,
    blocks=(
        Markdown("""
`jax.jit`은 Python 함수를 **추적**(tracing)해 XLA로 컴파일합니다. 추적하는 동안 배열 인자는 값 대신
shape와 dtype만 아는 **추적 값**(tracer)으로 바뀝니다. 그래서 jit 안에서는

- 값에 따라 갈라지는 Python `if`를 쓸 수 없고,
- 출력 shape가 값에 따라 달라지는 연산(`x[x < 0]`)을 쓸 수 없으며,
- shape처럼 **정적인** 정보는 자유롭게 쓸 수 있습니다.

이 과제에서는 jit으로 빠르게 만들고, jit에서 안전하게 쓰고, 정적 인자를 지정하는 법을 연습합니다.
"""),
        Rules(),
        setup("from functools import partial\n\nimport numpy as np\nimport jax\nimport jax.numpy as jnp"),
        Markdown("""
## 1. `jax.jit`: 여러 연산을 하나의 컴파일된 프로그램으로

jit 없이 JAX 연산을 하나씩 부르면 연산마다 따로 실행(dispatch)됩니다. `@jax.jit`을 붙이면 첫 호출 때
함수를 추적해 컴파일하고, 같은 shape와 dtype의 다음 호출에서는 **컴파일된 코드를 재사용**합니다.
XLA는 여러 연산을 하나의 커널로 합쳐(fuse) 훨씬 빠르게 실행할 수 있습니다. 첫 호출에는 컴파일 시간이
들어가니 시간을 잴 때는 한 번 미리 호출(워밍업)하고 `block_until_ready()`로 기다리세요.
"""),
        Code("""
def scale_shift(x):
    return 2.0 * x + 1.0

fast = jax.jit(scale_shift)
x = jnp.arange(6.0)
print(fast(x))            # 첫 호출: 추적하고 컴파일합니다
print(fast(x + 1.0))      # 같은 shape와 dtype: 컴파일된 코드를 재사용합니다
print(jax.make_jaxpr(scale_shift)(x))  # 추적된 프로그램(jaxpr)을 볼 수 있습니다
"""),
        GradedExercise(
            exercise="norm",
            statement=f"""
- `X`: shape `(n, d)`인 `float32` 배열, `n >= 2`, 값이 모두 같은 열은 없습니다. 열의 평균은 흩어짐보다
  훨씬 클 수 있습니다(예: 평균 1000, 표준편차 0.01).

각 열을 표준화한 `{NORM_FORMULA}`을 반환하세요(`std`는 모집단 표준편차, 즉 `ddof=0`).
분산을 E[x²] − E[x]²로 계산하는 공식(`jax.nn.standardize`가 그렇습니다)은 그런 열에서 float32 반올림으로
분산을 잃으니 쓰지 마세요. 평균을 먼저 빼고 남은 값을 제곱하세요.
**제출한 `norm`은 jit으로 컴파일된 함수여야 합니다**(`@jax.jit` 또는 `norm = jax.jit(...)`).
채점기는 jit을 쓰지 않은 같은 공식보다 뚜렷하게 빠른지도 잽니다. 모듈 수준 데이터는 쓰지 마세요.
""",
            prompt="# 아래에 `norm(X)`를 정의하세요. jit으로 컴파일되어 있어야 합니다.",
            selfcheck="""
def _check():
    X = jnp.array([[1.0, 10.0], [3.0, 20.0], [5.0, 60.0]])
    out = np.asarray(norm(X))
    assert out.shape == (3, 2), f"출력 shape가 {out.shape}입니다. 입력과 같은 (3, 2)여야 합니다."
    assert np.allclose(out.mean(0), 0.0, atol=1e-5), f"열 평균이 0이어야 합니다: {out.mean(0)}"
    assert np.allclose(out.std(0), 1.0, atol=1e-5), f"열 표준편차가 1이어야 합니다(ddof=0): {out.std(0)}"
    assert hasattr(norm, "lower"), "norm이 jit으로 컴파일된 함수가 아닙니다. @jax.jit을 붙이세요."

selfcheck("norm", _check)
""",
        ),
        Markdown("""
## 2. 정적인 shape, 추적되는 값

jit 안에서 `x.shape`, `x.size`, `x.ndim`은 **정적**이라 Python 값처럼 쓸 수 있습니다(`np.prod(x.shape)`도
괜찮습니다). 반면 `jnp.array(x.shape).prod()`는 JAX 연산의 결과라 **추적 값**이 되어 shape로 쓸 수 없습니다.

값에 따라 출력 크기가 달라지는 `x[x < 0]`은 jit에서 `NonConcreteBooleanIndexError`가 납니다.
크기를 유지하는 `jnp.where(조건, 참일 때, 거짓일 때)`를 쓰세요.
"""),
        Code("""
@jax.jit
def count_static(x):
    return jnp.zeros(np.prod(x.shape))   # 정적: 동작합니다

print(count_static(jnp.ones((2, 3))).shape)

try:
    jax.jit(lambda x: x[x < 0])(jnp.array([1.0, -2.0]))
except Exception as error:
    print(type(error).__name__)
print(jax.jit(lambda x: jnp.where(x < 0, x, 0.0))(jnp.array([1.0, -2.0])))
"""),
        GradedExercise(
            exercise="negatives",
            statement="""
- `x`: 임의 shape의 `float32` 배열.

`x`와 **같은 shape**의 배열을 반환하세요: `x`의 음수 원소는 그대로, 나머지는 0입니다.
`jax.jit` 안에서도 동작해야 하고(`x[x < 0]`은 안 됩니다), 같은 shape의 새 값으로 다시 호출할 때 다시
컴파일되지 않아야 합니다.
""",
            prompt="# 아래에 `negatives(x)`를 정의하세요.",
            selfcheck="""
def _check():
    x = jnp.array([[1.0, -2.0], [-0.5, 3.0]])
    out = np.asarray(negatives(x))
    assert out.shape == (2, 2), f"출력 shape가 {out.shape}입니다. 입력과 같은 (2, 2)여야 합니다."
    assert np.allclose(out, [[0.0, -2.0], [-0.5, 0.0]]), f"결과가 {out.tolist()}입니다."
    assert np.allclose(np.asarray(jax.jit(negatives)(x)), out), "jax.jit(negatives)도 같은 결과여야 합니다."

selfcheck("negatives", _check)
""",
        ),
        GradedExercise(
            exercise="flatten",
            statement="""
- `x`: 임의 shape의 배열.

`x`를 원소 `x.size`개의 1차원 배열로 반환하세요. **`jax.jit` 안에서도 동작해야 합니다**:
새 shape를 계산할 때 추적 값이 아닌 정적인 정보를 쓰세요.
""",
            prompt="# 아래에 `flatten(x)`를 정의하세요.",
            selfcheck="""
def _check():
    x = jnp.arange(6.0).reshape(2, 3)
    out = np.asarray(jax.jit(flatten)(x))
    assert out.shape == (6,), f"jit 아래에서 출력 shape가 {out.shape}입니다. (6,)여야 합니다."
    assert np.allclose(out, np.arange(6.0)), "원소 순서는 x.reshape(-1)과 같아야 합니다."

selfcheck("flatten", _check)
""",
        ),
        Markdown("""
## 3. 정적 인자: `static_argnums`와 `static_argnames`

Python `bool`처럼 **프로그램의 모양을 바꾸는** 인자는 추적 값으로 만들 수 없습니다. `if neg:`에서
`TracerBoolConversionError`가 나지요. 이런 인자는 `jax.jit(f, static_argnames="neg")`처럼 정적으로
지정합니다. 그러면 JAX는 그 값마다 따로 컴파일하고, 같은 값으로 부를 때는 재사용합니다. 배열처럼 값이
계속 바뀌는 인자를 정적으로 지정하면 호출할 때마다 다시 컴파일되니 피하세요.
"""),
        Code("""
def power(x, n):
    return x ** n

power_jit = jax.jit(power, static_argnames="n")
print(power_jit(jnp.arange(3.0), 2), power_jit(jnp.arange(3.0), 3))
"""),
        GradedExercise(
            exercise="maybe_negate",
            statement="""
- `x`: `float32` 배열. `neg`: Python `bool`.

`neg`가 참이면 `-x`, 아니면 `x`를 반환하세요. **제출한 `maybe_negate`는 jit으로 컴파일된 함수여야 하며**
`neg`는 정적 인자여야 합니다. 같은 `neg`와 같은 shape로 다시 부를 때 다시 컴파일되면 안 됩니다.
""",
            prompt="# 아래에 `maybe_negate(x, neg)`를 정의하세요. jit으로 컴파일되어 있어야 합니다.",
            selfcheck="""
def _check():
    x = jnp.array([1.0, -2.0])
    assert np.allclose(np.asarray(maybe_negate(x, True)), [-1.0, 2.0]), "neg=True이면 -x여야 합니다."
    assert np.allclose(np.asarray(maybe_negate(x, False)), [1.0, -2.0]), "neg=False이면 x여야 합니다."
    assert hasattr(maybe_negate, "lower"), "maybe_negate가 jit으로 컴파일된 함수가 아닙니다."

selfcheck("maybe_negate", _check)
""",
        ),
        Markdown("""
## 마무리

모든 자가 점검이 ✓이면 저장한 뒤 Assignments 패널에서 **Submit**하세요.
"""),
    ),
)
