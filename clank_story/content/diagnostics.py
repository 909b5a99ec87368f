"""Content diagnostics: `path:line:col: error[CODE]: message`, collected rather than raised one by one."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Diagnostic:
    path: str
    line: int  # 1-based
    col: int  # 1-based
    code: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.severity}[{self.code}]: {self.message}"

    def as_json(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "col": self.col, "severity": self.severity,
                "code": self.code, "message": self.message}


class ContentError(Exception):
    """Content that cannot be used; carries every diagnostic found."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("\n".join(str(d) for d in diagnostics))
        self.diagnostics = diagnostics


@dataclass
class Report:
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def error(self, path: str, line: int, col: int, code: str, message: str) -> None:
        self.diagnostics.append(Diagnostic(path, line, col, code, message))

    def warning(self, path: str, line: int, col: int, code: str, message: str) -> None:
        self.diagnostics.append(Diagnostic(path, line, col, code, message, "warning"))

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def raise_errors(self) -> None:
        if self.errors:
            raise ContentError(sorted(self.errors))
