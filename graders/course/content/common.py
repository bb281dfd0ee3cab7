"""Cells every notebook shares."""

from __future__ import annotations

from ..notebooks import Code

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


def setup(imports: str) -> Code:
    return Code(imports.strip() + "\n\n" + SELFCHECK_HELPER.strip(), locked=True)
