"""The generated glue's own texts, by locale, written once for every language's runtime.

A body that is not JSON, an unknown path, a token that does not decrypt: the glue answers these
itself, in the call's language (the contract's default ru-RU, or English), before the plugin's own
catalogue is involved. None of them quotes the request: a message says what is wrong, the log says
with what. Each language folder renders them into every project (Python's
`_contract/runtime_texts.py`, TypeScript's `src/contract/texts.ts`, Go's
`internal/contract/texts_gen.go`), as it renders scaffold/codegen/runtime_values.py; scaffold's own
runtime_files/runtime_texts.py reads them from here.
"""

from __future__ import annotations

RUNTIME_TEXTS: dict[str, dict[str, str]] = {
    "ru-RU": {
        "body.contentType": "Неверный формат запроса: Content-Type должен быть application/json",
        "body.tooLarge": "Тело запроса больше {size}",
        "body.busy": "Плагин сейчас обрабатывает слишком много данных запросов; повторите запрос",
        "body.stalled": "Тело запроса перестало поступать; отправьте запрос заново",
        "body.invalidJson": "Неверный формат запроса: тело не является корректным JSON",
        "body.invalidJsonAt": (
            "Неверный формат запроса: тело не является корректным JSON (строка {line}, столбец {column})"
        ),
        "body.schema": "Неверный формат запроса: {problems}",
        "body.more": "(и ещё {count})",
        "body.where": "тело",
        "problem.missing": "обязательное поле отсутствует",
        "problem.null": "null не допускается",
        "problem.string": "ожидается строка",
        "problem.integer": "ожидается целое число",
        "problem.number": "ожидается число",
        "problem.boolean": "ожидается true или false",
        "problem.array": "ожидается массив",
        "problem.object": "ожидается объект",
        "problem.range": "число вне допустимого диапазона",
        "problem.length": "недопустимая длина",
        "problem.choice": "недопустимое значение",
        "problem.unknown": "неизвестное поле",
        "problem.invalid": "недопустимое значение",
        "size.bytes": "{count} байт",
        "size.mebibytes": "{count} МиБ",
        "http.404": "Не найдено",
        "http.405": "Метод не поддерживается",
        "http.431": "Строка запроса и заголовки больше 16 КиБ",
        "http.other": "Ошибка HTTP {status}",
        "internal": "Внутренняя ошибка плагина (инцидент {incident}); подробности в журнале плагина",
        "secret.undecryptable": "Зашифрованное значение не удаётся расшифровать; введите значение заново",
        "form.required": "Поле обязательно и не может быть пустым",
        "form.disallowed": "Недопустимые символы: {chars}",
        "form.tooLong": "Не более {max} символов",
        "form.tooShort": "Не менее {min} символов",
        "form.rule": "Значение не соответствует ожидаемому формату",
        "form.number": "Ожидается целое число",
        "form.range": "Ожидается число от {min} до {max}",
        "form.option": "Выберите одно из значений: {options}",
    },
    "en-US": {
        "body.contentType": "Request format is wrong: Content-Type must be application/json",
        "body.tooLarge": "Request body is larger than {size}",
        "body.busy": "The plugin is holding as many request bodies as it may; retry the request",
        "body.stalled": "The request body stopped arriving; send the request again",
        "body.invalidJson": "Request format is wrong: the body is not valid JSON",
        "body.invalidJsonAt": "Request format is wrong: the body is not valid JSON (line {line}, column {column})",
        "body.schema": "Request format is wrong: {problems}",
        "body.more": "(and {count} more)",
        "body.where": "body",
        "problem.missing": "field required",
        "problem.null": "null is not allowed",
        "problem.string": "a string is expected",
        "problem.integer": "an integer is expected",
        "problem.number": "a number is expected",
        "problem.boolean": "true or false is expected",
        "problem.array": "an array is expected",
        "problem.object": "an object is expected",
        "problem.range": "the number is out of range",
        "problem.length": "the length is not allowed",
        "problem.choice": "the value is not allowed",
        "problem.unknown": "unknown field",
        "problem.invalid": "the value is not valid",
        "size.bytes": "{count} bytes",
        "size.mebibytes": "{count} MiB",
        "http.404": "Not found",
        "http.405": "Method not allowed",
        "http.431": "The request line and headers are larger than 16 KiB",
        "http.other": "HTTP error {status}",
        "internal": "Internal error in the plugin (incident {incident}); see the plugin log",
        "secret.undecryptable": "The encrypted value cannot be decrypted; enter the value again",
        "form.required": "The field is required and must not be empty",
        "form.disallowed": "Disallowed characters: {chars}",
        "form.tooLong": "At most {max} characters",
        "form.tooShort": "At least {min} characters",
        "form.rule": "The value does not match the expected format",
        "form.number": "A whole number is expected",
        "form.range": "A number from {min} to {max} is expected",
        "form.option": "Choose one of: {options}",
    },
}
