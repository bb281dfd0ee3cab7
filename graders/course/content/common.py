"""Cells every notebook shares."""

from __future__ import annotations

from ..notebooks import Code, Markdown

SELFCHECK_HELPER = '''
def selfcheck(name, check):
    """자가 점검을 실행하고 결과를 알려 줍니다. 실패해도 노트북 실행을 멈추지 않습니다."""
    try:
        check()
    except NameError as error:
        print(f"✗ {name}: 아직 정의되지 않았습니다 ({error}). 위의 풀이 셀을 작성하고 실행하세요.")
    except NotImplementedError:
        print(f"✗ {name}: 아직 구현하지 않았습니다.")
    except AssertionError as error:
        print(f"✗ {name}: {error}")
    except Exception as error:
        print(f"✗ {name}: {type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}")
    else:
        print(f"✓ {name}: 자가 점검 통과. 숨겨진 채점은 훨씬 많은 입력으로 확인합니다.")
'''


def rules(points_note: str) -> Markdown:
    return Markdown(f"""
## 채점 안내

- 각 문제의 풀이 셀에 함수를 작성하세요. **함수 이름과 인자 이름은 바꾸지 마세요.**
- 풀이 셀 아래의 **자가 점검** 셀은 몇 가지 고정된 예로 여러분의 함수를 확인합니다. 통과하면 ✓가 표시됩니다.
- 그 아래의 **채점 셀**은 지우거나 고치지 마세요. 실제 채점은 jaxgrade 채점기가 여러분의 노트북과
  분리된 프로세스에서, hypothesis가 만든 많은 입력으로 합니다. 정답 여부뿐 아니라 `jax.jit` 아래에서
  동작하는지, 입력을 바꾸지 않는지(순수성), 전역 데이터를 쓰지 않는지, 다시 컴파일하지 않는지도 봅니다.
- 틀린 부분이 있으면 피드백에 가장 작은 실패 입력, 기대값과 실제값, 문제가 된 코드 줄이 표시됩니다.
- {points_note}
""")


def setup(imports: str) -> Code:
    return Code(imports.strip() + "\n\n" + SELFCHECK_HELPER.strip(), locked=True)
