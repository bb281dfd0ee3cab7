"""What every judge-side room shares and none of them owns: the declarations of the catalogue
(`spec`, `registry`), the frozen results (`results`), the messages and their languages (`messages`,
`i18n`, `format`), the request to stop (`stop`), and which code this is (`code_version`,
`libraries`). Plain data and text: nothing here starts a process or imports JAX.
"""
