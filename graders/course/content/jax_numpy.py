"""Notebook `jax-numpy`: JAX as accelerated NumPy (Korean)."""

from __future__ import annotations

from ..notebooks import Code, GradedExercise, Markdown, NotebookContent, Rules
from .common import setup

CONTENT = NotebookContent(
    assignment="jax-numpy",
    notebook="jax-numpy",
    solutions_module="solutions.jax_numpy",
    number=1,
    blocks=(
        Markdown("""
이 과제에서는 JAX를 "가속기에서 돌아가고 미분도 되는 NumPy"로 다뤄 봅니다.

1. `jax.numpy` 배열이 NumPy 배열과 어떻게 같고 어떻게 다른지,
2. JAX 배열은 바꿀 수 없기 때문에 `x.at[i].set(v)` 같은 **순수한 갱신**을 쓴다는 것,
3. `jax.grad`와 `jax.value_and_grad`로 손실 함수의 기울기를 구하고 경사 하강법 한 단계를 만드는 것.
"""),
        Rules(),
        setup("import numpy as np\nimport jax\nimport jax.numpy as jnp"),
        Markdown("""
## 1. `jnp`는 NumPy처럼 쓰지만 결과는 JAX 배열입니다

`jax.numpy`(관례상 `jnp`)는 NumPy와 거의 같은 함수를 제공합니다. 결과는 `jax.Array`이고, 연산은
가능하면 가속기(GPU, TPU)에서 **비동기로** 실행됩니다. 그래서 시간을 잴 때는 결과가 실제로 계산될 때까지
`block_until_ready()`로 기다려야 합니다. 기본 실수형은 `float32`입니다.
"""),
        Code("""
x = jnp.arange(5.0)
print(type(x), x.dtype)
print(jnp.dot(x, x), np.dot(np.arange(5.0), np.arange(5.0)))
y = (x * 2).block_until_ready()  # 계산이 끝날 때까지 기다립니다
print(y)
"""),
        Markdown("""
## 2. JAX 배열은 바꿀 수 없습니다: `.at`으로 새 배열을 만드세요

NumPy에서는 `x[1] = 10`처럼 배열을 그 자리에서 바꿀 수 있습니다. JAX 배열은 **불변(immutable)**
이라 같은 코드가 `TypeError`를 냅니다. 대신 `x.at[1].set(10)`은 바뀐 **새 배열**을 돌려주고
원래 `x`는 그대로 둡니다. `.add`, `.multiply`, `.min`, `.max`도 있습니다.

같은 인덱스가 여러 번 나오면 `.add`는 모두 **누적**합니다. `x.at[idx].set(x[idx] + u)`처럼 쓰면
중복된 인덱스에서는 마지막 값만 남으니 주의하세요.
"""),
        Code("""
x = jnp.zeros(4)
try:
    x[1] = 10.0
except TypeError as error:
    print("TypeError:", str(error).splitlines()[0])

y = x.at[1].set(10.0)
print("x =", x, " y =", y)
print(jnp.zeros(3).at[jnp.array([0, 0, 2])].add(1.0))  # 인덱스 0에 두 번 더해집니다
"""),
        GradedExercise(
            exercise="pure_update",
            statement="""
- `x`: 1차원 또는 2차원 `float32` 배열(NumPy 배열일 수도, JAX 배열일 수도 있습니다).
- `i`: `-len(x) <= i < len(x)`인 정수. 음수면 뒤에서부터 셉니다.
- `value`: 실수.

`x[i]`(1차원이면 원소 하나, 2차원이면 **행 전체**)를 `value`로 바꾼 **새 배열**을 반환하세요.
**입력 `x`는 절대로 바꾸면 안 됩니다.** `jax.jit` 아래에서 `i`가 추적(traced) 값이어도 동작해야 합니다
(`if i < 0:` 같은 Python 분기는 쓸 수 없습니다).
""",
            prompt="# 아래에 `pure_update(x, i, value)`를 정의하세요.",
            selfcheck="""
def _check():
    x = np.array([1.0, 2.0, 3.0], dtype=np.float32)
    before = x.copy()
    out = np.asarray(pure_update(x, 1, 10.0))
    assert np.allclose(out, [1.0, 10.0, 3.0]), f"pure_update(x, 1, 10.0) = {out}. [1, 10, 3]이어야 합니다."
    assert np.array_equal(x, before), "입력 x가 바뀌었습니다. x를 고치지 말고 x.at[i].set(value)로 새 배열을 만드세요."
    out = np.asarray(pure_update(jnp.arange(6.0).reshape(2, 3), -1, 0.0))
    assert np.allclose(out, [[0, 1, 2], [0, 0, 0]]), f"2차원 x에서 i=-1이면 마지막 행 전체가 value여야 합니다: {out}"
    out = np.asarray(jax.jit(pure_update)(jnp.zeros(3), 2, 1.0))
    assert np.allclose(out, [0, 0, 1]), "jax.jit(pure_update)로 감싸도 같은 결과가 나와야 합니다."

selfcheck("pure_update", _check)
""",
        ),
        GradedExercise(
            exercise="scatter_add",
            statement="""
- `x`: 원소가 `n >= 1`개인 1차원 `float32` 배열.
- `indices`: `0 <= indices < n`인 1차원 `int32` 배열. **같은 인덱스가 여러 번 나올 수 있습니다.**
- `updates`: `indices`와 길이가 같은 1차원 `float32` 배열.

`indices`의 각 위치에 `updates`를 더한 새 배열을 반환하세요. 중복된 인덱스는 **모두 누적**됩니다
(`x.at[indices].add(updates)`와 같은 결과). 입력은 바꾸지 마세요.
""",
            prompt="# 아래에 `scatter_add(x, indices, updates)`를 정의하세요.",
            selfcheck="""
def _check():
    x = np.zeros(4, dtype=np.float32)
    out = np.asarray(scatter_add(x, np.array([0, 2, 0], dtype=np.int32), np.array([1.0, 2.0, 3.0], dtype=np.float32)))
    assert np.allclose(out, [4.0, 0.0, 2.0, 0.0]), f"결과가 {out}입니다. \
인덱스 0은 두 번 나오므로 1 + 3 = 4가 누적되어야 합니다."
    assert np.array_equal(x, np.zeros(4, dtype=np.float32)), "입력 x가 바뀌었습니다."

selfcheck("scatter_add", _check)
""",
        ),
        Markdown("""
## 3. `grad`와 `value_and_grad`

`jax.grad(f)`는 `f`의 기울기를 계산하는 **새 함수**를 돌려줍니다. 기본적으로 첫 번째 인자에 대해 미분하고,
`argnums`로 바꿀 수 있습니다. 손실값과 기울기가 함께 필요하면 `jax.value_and_grad(f)`가 둘을 한 번에
`(값, 기울기)`로 돌려줍니다. `f`는 스칼라를 반환해야 합니다.

아래는 `center`에서 가장 낮은 2차 "그릇" 함수입니다. 기울기는 `2 * (p - center)`이고,
경사 하강법은 기울기의 반대 방향으로 조금씩 움직여 `center`에 다가갑니다.
"""),
        Code("""
def bowl(p, center):
    return jnp.sum((p - center) ** 2)

center = jnp.array([1.0, -2.0])
p = jnp.zeros(2)
print("값:", bowl(p, center))
print("기울기:", jax.grad(bowl)(p, center))
value, slope = jax.value_and_grad(bowl)(p, center)
print("값과 기울기를 한 번에:", value, slope)
print("center에 대한 기울기:", jax.grad(bowl, argnums=1)(p, center))
for _ in range(3):
    p = p - 0.25 * jax.grad(bowl)(p, center)
print("세 단계 뒤:", p)
"""),
        GradedExercise(
            exercise="loss_and_grad",
            statement="""
- `theta`: `[w, b]`, shape `(2,)`인 `float32` 배열. `x`, `y`: shape `(n,)`인 `float32` 배열.

`(loss, grad)`를 반환하세요. `loss = mean((w*x + b - y)**2)`이고 `grad`는 `theta`에 대한 `loss`의
기울기(shape `(2,)`)입니다. 같은 shape의 새 값으로 다시 호출할 때 **다시 컴파일되지 않아야** 합니다
(함수 안에서 매번 `jax.jit(lambda ...)`를 새로 만들지 마세요). 모듈 수준 데이터(전역 변수, 상수 포함)를
쓰지 마세요.
""",
            prompt="# 아래에 `loss_and_grad(theta, x, y)`를 정의하세요 (보조 함수를 같이 정의해도 됩니다).",
            solution=("_squared_error", "loss_and_grad"),
            selfcheck="""
def _check():
    loss, grad = loss_and_grad(jnp.array([0.0, 0.0]), jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]))
    assert np.isclose(float(loss), 1.0), f"loss = {float(loss)}. 오차가 모두 -1이므로 평균 제곱 오차는 1이어야 합니다."
    assert np.shape(grad) == (2,), f"grad의 shape가 {np.shape(grad)}입니다. (2,)여야 합니다."
    assert np.allclose(np.asarray(grad), [-3.0, -2.0]), f"grad = {np.asarray(grad)}. [-3, -2]여야 합니다."

selfcheck("loss_and_grad", _check)
""",
        ),
        GradedExercise(
            exercise="update",
            statement="""
문제 3의 손실에 대해 경사 하강법 **한 단계**를 수행한 새 `theta`를 반환하세요: `theta - lr * grad`.
`lr`를 주지 않으면 0.1입니다. `jax.jit` 아래에서도 동작해야 하고, 전역 변수에 값을 쓰거나 읽지 마세요
(예를 들어 `global step` 같은 호출 횟수 세기는 금지입니다).
""",
            prompt="# 아래에 `update(theta, x, y, lr=0.1)`를 정의하세요.",
            selfcheck="""
def _check():
    theta = jnp.array([0.0, 0.0])
    new = np.asarray(update(theta, jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0])))
    assert np.allclose(new, [0.3, 0.2]), f"update 결과가 {new}입니다. [0, 0] - 0.1 * [-3, -2] = [0.3, 0.2]여야 합니다."
    new = np.asarray(update(theta, jnp.array([1.0, 2.0]), jnp.array([1.0, 1.0]), lr=1.0))
    assert np.allclose(new, [3.0, 2.0]), "lr 인자를 주면 그 값을 써야 합니다."

selfcheck("update", _check)
""",
        ),
        Markdown("""
## 마무리

모든 자가 점검이 ✓이면 저장한 뒤 Assignments 패널에서 **Submit**하세요. 채점 결과와 설명은 피드백으로
돌아옵니다. 자가 점검은 몇 가지 예만 봅니다. 통과해도 숨겨진 채점에서 더 많은 입력을 확인합니다.
"""),
    ),
)
