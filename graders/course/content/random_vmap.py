"""Notebook `random-vmap`: random keys and their splits, `vmap`'s axes, a training loop in `lax.fori_loop` (Korean)."""

from __future__ import annotations

from ..notebooks import Code, GradedExercise, Markdown, NotebookContent, Rules
from .common import setup

CONTENT = NotebookContent(
    assignment="random-vmap",
    notebook="random-vmap",
    solutions_module="solutions.random_vmap",
    number=4,
    blocks=(
        Markdown("""
이 과제는 JAX의 세 가지 도구를 다룹니다.

- **난수 키**: JAX에는 숨은 전역 난수 상태가 없습니다. 난수 함수는 모두 **키**를 인자로 받고, 같은 키는
  항상 같은 수를 냅니다. 새 난수가 필요하면 키를 `jax.random.split`으로 나누고, 한 번 쓴 키는 다시 쓰지 않습니다.
- **`vmap`과 `in_axes`**: 예제 하나를 처리하는 함수를 배치 전체로 넓힙니다. `in_axes`는 인자마다 어느 축을
  따라 나눌지 정합니다.
- **`lax.fori_loop`로 쓰는 학습 루프**: 반복 횟수가 늘어도 추적된 프로그램은 커지지 않습니다.
"""),
        Rules(),
        setup("import numpy as np\nimport jax\nimport jax.numpy as jnp\nfrom jax import lax"),
        Markdown("""
## 1. 키는 나눠서, 한 번씩만

`jax.random.key(0)`으로 키를 만들고, `jax.random.split(key)`로 새 키 두 개를 얻습니다. 같은 키로 두 번
뽑으면 두 결과가 같은 난수열에서 나오므로 서로 독립이 아닙니다.
"""),
        Code("""
key = jax.random.key(0)
print(jax.random.normal(key, (3,)))
print(jax.random.normal(key, (3,)))        # 같은 키: 같은 수

first, second = jax.random.split(key)
print(jax.random.normal(first, (3,)), jax.random.normal(second, (3,)))   # 나눈 키: 다른 수
"""),
        GradedExercise(
            exercise="init_layer",
            statement="""
- `key`: 난수 키(`jax.random.key(...)`로 만든 것). `n_in`, `n_out`: Python 정수(jit에서는 정적 인자).

완전 연결층의 파라미터 `(W, b)`를 반환하세요.

- `W`: shape `(n_in, n_out)`, 평균 0, 표준편차 `1 / sqrt(n_in)`인 정규 분포.
- `b`: shape `(n_out,)`, 평균 0, 표준편차 `0.1`인 정규 분포.

`key`를 `jax.random.split`으로 나눠 `W`와 `b`에 **서로 다른 키**를 쓰세요. 같은 키를 두 번 쓰면 안 됩니다.
키를 나누는 순서는 자유입니다. 채점은 값 하나하나가 아니라 분포(평균, 퍼짐)와 키 사용 규칙을 봅니다.
NumPy나 Python의 `random`은 쓰지 마세요.
""",
            prompt="# 아래에 `init_layer(key, n_in, n_out)`를 정의하세요.",
            selfcheck="""
def _check():
    W, b = init_layer(jax.random.key(1), 64, 32)
    assert W.shape == (64, 32) and b.shape == (32,), f"shape가 {W.shape}, {b.shape}입니다. (64, 32), (32,)여야 합니다."
    w_std, b_std = float(jnp.std(W)), float(jnp.std(b))
    assert abs(w_std - 1 / 8) < 0.02, f"W의 표준편차가 {w_std:.3f}입니다. 1/sqrt(64) = 0.125여야 합니다."
    assert abs(b_std - 0.1) < 0.04, f"b의 표준편차가 {b_std:.3f}입니다. 0.1이어야 합니다."
    again, _ = init_layer(jax.random.key(1), 64, 32)
    same = np.array_equal(np.asarray(W), np.asarray(again))
    assert same, "같은 키에서 다른 W가 나왔습니다. 키에서만 난수를 뽑으세요."

selfcheck("init_layer", _check)
""",
        ),
        Markdown("""
## 2. `vmap`의 `in_axes`

`jax.vmap(f, in_axes=(0, 1))`은 첫 인자를 축 0(행)으로, 둘째 인자를 축 1(열)로 나눠 `f`에 짝지어 넘깁니다.
"""),
        Code("""
rows = jnp.arange(6.0).reshape(2, 3)
print(jax.vmap(jnp.sum, in_axes=0)(rows))   # 행마다 합: [3, 12]
print(jax.vmap(jnp.sum, in_axes=1)(rows))   # 열마다 합: [3, 5, 7]
"""),
        GradedExercise(
            exercise="batched_dot",
            statement="""
- `A`: shape `(n, d)`인 `float32` 배열. 벡터가 **행**에 있습니다.
- `B`: shape `(d, n)`인 `float32` 배열. 벡터가 **열**에 있습니다.

shape `(n,)`인 배열 `out[i] = A[i] · B[:, i]`를 반환하세요. **`jax.vmap`으로** 계산하고, `n`에 대한
Python 루프는 쓰지 마세요: `n`이 늘어도 추적된 프로그램 크기가 그대로여야 합니다.
""",
            prompt="# 아래에 `batched_dot(A, B)`를 정의하세요.",
            selfcheck="""
def _check():
    A = jnp.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    B = jnp.array([[1.0, 0.0, 2.0], [0.0, 1.0, 1.0]])
    out = np.asarray(batched_dot(A, B))
    assert out.shape == (3,), f"출력 shape가 {out.shape}입니다. (3,)이어야 합니다."
    assert np.allclose(out, [1.0, 4.0, 16.0]), f"결과가 {out.tolist()}입니다. [1, 4, 16]이어야 합니다."

selfcheck("batched_dot", _check)
""",
        ),
        Markdown("""
## 3. `lax.fori_loop`로 쓰는 학습 루프

`lax.fori_loop(0, steps, body, theta)`는 `theta = body(i, theta)`를 `i = 0, ..., steps - 1`에 대해,
정확히 `steps`번 적용합니다. 손실의 기울기는 `jax.grad`가 구합니다.
"""),
        Code("""
def loss(theta):
    return jnp.sum((theta - 3.0) ** 2)

theta = lax.fori_loop(0, 50, lambda i, t: t - 0.1 * jax.grad(loss)(t), jnp.zeros(2))
print(theta)   # 3에 가까워집니다
"""),
        GradedExercise(
            exercise="fit",
            statement="""
- `theta`: shape `(d,)`, `X`: shape `(n, d)`, `y`: shape `(n,)`인 `float32` 배열.
- `lr`: 학습률(실수). `steps`: 0 이상인 Python 정수(jit에서는 정적 인자).

평균 제곱 오차 `jnp.mean((X @ theta - y) ** 2)`에 대해 경사 하강 `theta = theta - lr * 기울기`를
**정확히 `steps`번** 한 뒤의 `theta`를 반환하세요(`steps`가 0이면 `theta` 그대로). **`lax.fori_loop`
(또는 `lax.scan`)를 쓰세요**: `steps`가 늘어도 추적된 프로그램 크기가 그대로여야 합니다.
""",
            prompt="# 아래에 `fit(theta, X, y, lr, steps)`를 정의하세요 (손실 함수를 같이 정의해도 됩니다).",
            solution=("_mse", "fit"),
            selfcheck="""
def _check():
    X = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = X @ jnp.array([2.0, -1.0])
    out = np.asarray(fit(jnp.zeros(2), X, y, 0.3, 200))
    close = np.allclose(out, [2.0, -1.0], atol=1e-3)
    assert close, f"200걸음 뒤 theta가 {out.tolist()}입니다. [2, -1]에 가까워야 합니다."
    one = np.asarray(fit(jnp.zeros(2), X, y, 0.3, 1))
    assert np.allclose(one, [0.6, 0.0], atol=1e-5), f"한 걸음 뒤 theta가 {one.tolist()}입니다. [0.6, 0]이어야 합니다."

selfcheck("fit", _check)
""",
        ),
        Markdown("""
모든 자가 점검이 ✓이면 저장한 뒤 Assignments 패널에서 **Submit**하세요.
"""),
    ),
)
