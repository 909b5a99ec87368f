"""The hostile-content corpus (tests/data/hostile, issue #18): what each case runs, under which limits,
and what counts as a failure. tests/test_hostile.py runs every case once; tools/hostile_report.py
runs them a few times and prints the table of times and peak memory.

A case is one payload or file through one way in (`book lint`, `book preview`, a played passage, a
script `expect`, `campaign show`, `run --scenario`, ...). Each runs as its own process, forked from
a *zygote* (a Python process that has imported clank_story once, then forks a child per case), so a
case costs what its work costs rather than an interpreter start-up, and the corpus stays quick. The
child has hard limits set by the kernel before it runs the command line exactly as `clank-story`
would (click's `main`):

- CPU_SECONDS of CPU time (RLIMIT_CPU; then SIGXCPU): the promise that each case ends within 2 s,
  counted in CPU seconds so a busy machine does not fail it;
- MEMORY_BYTES of address space (RLIMIT_AS): the promise of staying under 200 MB; more is a
  MemoryError, which must never surface as a traceback;
- WALL_SECONDS of wall-clock time, after which the zygote kills it: a case that sleeps or blocks
  fails instead of hanging CI.

A case fails when it is killed, prints a traceback, exits with a status it should not, prints too
much, or escapes: the MARKER file is created (code ran), the SECRET file's CANARY is shown (a file
was read), or a check after the payload finds the game changed (`state`)."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
DATA = TESTS / "data"
CORPUS = DATA / "hostile"
SCENARIO = DATA / "scenarios" / "story-well.yaml"  # one Boot from the Old Well, waypoint "12"
BOOK = DATA / "book"  # a small clean book, where a case needs one

MB = 1024 * 1024
CPU_SECONDS = 2
MEMORY_BYTES = 200 * MB
WALL_SECONDS = 20
MAX_OUTPUT = 2 * MB  # stdout and stderr together
CANARY = "CANARY-5f3a9c"

SURFACES = ("lint", "preview", "play", "expect")
PLAY_SCRIPT = """\
# Walk onto the Old Well (waypoint "12"): the passage is read, or apologises, and the game goes on.
play all
move well
expect me.gold < 100 and me.clank < 100 and me.damage < 100
expect 'pwned' not in me.hand and 'pwned' not in me.discard
expect not campaign.flags.pwned and 'pwned' not in campaign.counters
expect game.row | length < 100
end
expect me.name == 'Rex'
"""
STATE_CHECKS = (
    "expect me.gold < 100 and me.clank < 100 and 'pwned' not in me.hand\n"
    "expect not campaign.flags.pwned and 'pwned' not in campaign.counters\n"
)


# -- the corpus, as data ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Case:
    id: str  # payload/<id>/<surface> or file/<id>/<surface>
    kind: str  # code | files | state | time | memory | recursion | broken | huge
    surface: str
    spec: dict[str, Any] = field(hash=False, compare=False)


def payloads() -> list[dict[str, Any]]:
    return yaml.safe_load((CORPUS / "payloads.yaml").read_text(encoding="utf-8"))


def file_specs() -> list[dict[str, Any]]:
    return yaml.safe_load((CORPUS / "files.yaml").read_text(encoding="utf-8"))


def cases() -> list[Case]:
    out: list[Case] = []
    for p in payloads():
        for surface in SURFACES:
            if surface == "expect" and "expr" not in p:
                continue  # statements and whole books have no expression to expect
            out.append(Case(f"payload/{p['id']}/{surface}", p["kind"], surface, p))
    for f in file_specs():
        for surface in f["surfaces"]:
            out.append(Case(f"file/{f['id']}/{surface}", f["kind"], surface, f))
    return out


BIG_PASSAGE = '''\
  "{pid}":
    title: Room {pid} of the Ledger Caverns
    text: |
      You stand in room {pid}. The ledger on the lectern hums a little tune about compound interest.
      {{% if campaign.flags.met_oma %}}Oma waves from behind a stack of invoices.{{% endif %}}
      {{% for p in players %}}{{{{ p.name }}}}{{% if not loop.last %}}, {{% endif %}}{{% endfor %}} stand about.
    effects: [{{gold: 1}}, {{flag: saw_{pid}}}]
    choices:
      - text: Audit the ledger
        if: me.health_left > 2
        effects: [{{damage: 1}}]
        goto: "{next}"
      - text: Walk on
'''


# -- generated parts of payloads ---------------------------------------------------------------------
SLOW_TEXT = "{% set s = range(1000)|list %}{% for i in range(400) %}{% set b = s|sort %}{% endfor %}"
SLOW_CONDITION = "[" + ", ".join(["(range(1000)|map('abs')|map('abs')|list|length)"] * 8) + "]|sum > 99999"


def _expand(text: str) -> str:
    """Placeholders for payloads too long or too repetitive to write out."""
    swaps = {
        "@DEEP_BRACKETS@": "(" * 5000 + "1" + ")" * 5000,
        "@DEEP_IFS@": "{% if 1 %}" * 40 + "x" + "{% endif %}" * 40,
        "@DEEP_LIST@": "[" * 3000 + "]" * 3000,
        "@DEEP_YAML@": "passages: " + "[" * 100_000 + "]" * 100_000 + "\n",
    }
    for key, value in swaps.items():
        text = text.replace(key, value)
    lines = []
    for line in text.splitlines():
        indent = line[: len(line) - len(line.lstrip())]
        if line.strip() == "@CHOICES@":  # a hundred doors, each behind a slow condition (that fails)
            for i in range(100):
                lines += [f"{indent}- text: Door {i}", f'{indent}  if: "{SLOW_CONDITION}"']
        elif line.strip() == "@CHAIN@":  # a goto chain of slow passages, each read in turn
            for i in range(12, 40):
                lines += [f'{indent}  "{i}":', f"{indent}    title: Room {i}", f"{indent}    text: |",
                          f"{indent}      {SLOW_TEXT}Room {i}.", f'{indent}    goto: "{i + 1}"']
            lines += [f'{indent}  "40":', f"{indent}    title: The end", f"{indent}    text: |",
                      f"{indent}      The end."]
        else:
            lines.append(line)
    return "\n".join(lines) + "\n"


def payload_book(p: dict[str, Any], work: Path) -> str:
    """The book file (YAML text) that carries payload `p` in passage "12"."""
    if "book" in p:
        text = _expand(p["book"])
    else:
        body = p["template"] if "template" in p else "{{ " + p["expr"] + " }}"
        body = _expand(body).rstrip("\n")
        text = ('passages:\n  "12":\n    title: A stranger\'s passage\n    text: |\n      Before.\n'
                + "".join(f"      {line}\n" for line in body.splitlines()) + "      After.\n")
    return _plant(text, work)


def _plant(text: str, work: Path) -> str:
    return (text.replace("@MARKER@", str(work / "MARKER")).replace("@SECRET@", str(work / "secret.txt"))
            .replace("@CANARY@", CANARY))


# -- generated files -------------------------------------------------------------------------------
def make_file(recipe: dict[str, Any], path: Path, work: Path) -> None:
    """A file from a recipe in files.yaml (huge files are made, not committed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if "copy" in recipe:
        shutil.copyfile(CORPUS / "files" / recipe["copy"], path)
    elif "repeat" in recipe:
        unit = recipe["repeat"].encode("utf-8")
        size = int(recipe["bytes"])
        with open(path, "wb") as f:
            f.write(recipe.get("head", "").encode("utf-8"))
            block = unit * max(1, (1 << 20) // len(unit))
            while f.tell() < size:
                f.write(block[: size - f.tell()])
    elif "nest" in recipe:
        n = int(recipe["nest"])
        path.write_text(recipe.get("head", "") + "[" * n + "]" * n + "\n", encoding="utf-8")
    elif "keys" in recipe:
        n = int(recipe["keys"])
        path.write_text(recipe.get("head", "") + "".join(f"  k{i}: {i}\n" for i in range(n)), encoding="utf-8")
    elif "random" in recipe:
        path.write_bytes(random.Random(18).randbytes(int(recipe["random"])))
    elif "passages" in recipe:  # a book file of many small passages, each `line` (with {i})
        n, line = int(recipe["passages"]), recipe["line"]
        path.write_text("passages:\n" + "".join(line.format(i=i) + "\n" for i in range(n)), encoding="utf-8")
    elif "big_text" in recipe:  # one passage whose text is `line` repeated to `bytes`
        unit = "      " + recipe["line"] + "\n"
        n = int(recipe["big_text"]) // len(unit)
        path.write_text('passages:\n  "12":\n    title: Long\n    text: |\n' + unit * n, encoding="utf-8")
    elif "text" in recipe:
        path.write_text(_plant(recipe["text"], work), encoding="utf-8")
    else:
        raise ValueError(f"unknown recipe {recipe}")


def make_folder(recipe: dict[str, Any], folder: Path) -> Path:
    """A book folder from a recipe; returns the folder to pass as --book."""
    kind = recipe["folder"]
    if kind == "root":
        return Path("/")
    folder.mkdir(parents=True, exist_ok=True)
    if kind == "many_files":
        for i in range(int(recipe["files"])):
            (folder / f"p{i:05}.yaml").write_text(f'passages:\n  "x{i}":\n    title: Room {i}\n', encoding="utf-8")
    elif kind == "big_book":  # a large book, clean: what the caps must leave room for
        per, files = int(recipe["passages"]), int(recipe["files"])
        for f in range(files):
            (folder / f"part-{f:03}.yaml").write_text("passages:\n" + "".join(
                BIG_PASSAGE.format(pid=f * per + i, next=(f * per + i + 1) % (per * files))
                for i in range(per)), encoding="utf-8")
    elif kind == "deep_folders":
        here = folder
        for _ in range(int(recipe["depth"])):
            here = here / "d"
        here.mkdir(parents=True)
    elif kind == "symlink_loop":
        shutil.copytree(BOOK / "wells", folder / "wells")
        (folder / "wells" / "again").symlink_to(folder, target_is_directory=True)
        (folder / "loop").symlink_to(folder / "loop2")
        (folder / "loop2").symlink_to(folder / "loop")
    elif kind == "fifo":
        shutil.copytree(BOOK / "wells", folder / "wells")
        os.mkfifo(folder / "trap.yaml")
        (folder / "zero.yaml").symlink_to("/dev/zero")
    else:
        raise ValueError(f"unknown folder recipe {kind}")
    return folder


# -- preparing a case ------------------------------------------------------------------------------
@dataclass
class Prepared:
    argv: list[str]
    work: Path
    stdin: Path | None = None
    watched: Path | None = None  # a file that must be left byte for byte as it was
    watched_bytes: bytes | None = None


def prepare(case: Case, work: Path) -> Prepared:
    work.mkdir(parents=True, exist_ok=True)
    (work / "secret.txt").write_text(CANARY + "\n", encoding="utf-8")
    (work / "home").mkdir(exist_ok=True)
    empty = work / "empty.script"
    empty.write_text("", encoding="utf-8")
    if case.id.startswith("payload/"):
        return _prepare_payload(case, work)
    return _prepare_file(case, work, empty)


def _prepare_payload(case: Case, work: Path) -> Prepared:
    p = case.spec
    book = work / "book"
    book.mkdir(exist_ok=True)
    (book / "hostile.yaml").write_text(payload_book(p, work), encoding="utf-8")
    scenario, surface = str(SCENARIO), case.surface
    if surface == "lint":
        return Prepared(["book", "lint", str(book)], work)
    if surface == "preview":
        return Prepared(["book", "preview", "12", "--book", str(book), "--scenario", scenario], work)
    if surface == "play":
        script = work / "play.script"
        script.write_text(PLAY_SCRIPT, encoding="utf-8")
        return Prepared(["run", str(script), "--scenario", scenario, "--book", str(book)], work)
    script = work / "expect.script"  # line 1 is the payload; the lines after it check nothing changed
    script.write_text(_plant(f"expect ({_expand(p['expr']).strip()}) is defined or true\n", work) + STATE_CHECKS,
                      encoding="utf-8")
    return Prepared(["run", str(script), "--scenario", scenario, "--book", str(BOOK)], work)


def _prepare_file(case: Case, work: Path, empty: Path) -> Prepared:
    f = case.spec
    role, surface = f["as"], case.surface
    scenario = str(SCENARIO)
    if role == "folder":
        folder = make_folder(f, work / "folder")
        if surface == "lint":
            return Prepared(["book", "lint", str(folder)], work)
        return Prepared(["run", str(empty), "--scenario", scenario, "--book", str(folder)], work)
    target = {"scenario": work / "scenario.yaml", "campaign": work / "campaign.yaml",
              "book": work / "book" / "hostile.yaml", "script": work / "hostile.script",
              "board": work / "content" / "boards" / "hostile.yaml",
              "cards": work / "content" / "cards" / "hostile.yaml"}[role]
    make_file(f, target, work)
    if role == "scenario":
        if surface == "run":
            return Prepared(["run", str(empty), "--scenario", str(target)], work)
        return Prepared(["book", "preview", "12", "--book", str(BOOK), "--scenario", str(target)], work)
    if role == "campaign":
        before = target.read_bytes()
        if surface == "show":
            return Prepared(["campaign", "show", "--campaign", str(target)], work, watched=target,
                            watched_bytes=before)
        return Prepared(["run", str(empty), "--campaign", str(target)], work, watched=target, watched_bytes=before)
    if role == "book":
        book = target.parent
        if surface == "lint":
            return Prepared(["book", "lint", str(book)], work)
        if surface == "preview":
            return Prepared(["book", "preview", "12", "--book", str(book), "--scenario", scenario], work)
        script = work / "play.script"
        script.write_text(PLAY_SCRIPT, encoding="utf-8")
        return Prepared(["run", str(script), "--scenario", scenario, "--book", str(book)], work)
    if role == "script":
        return Prepared(["run", str(target), "--scenario", scenario], work)
    # a board or card file beside a scenario (content roots are found beside it), with its board
    content = work / "content"
    (content / "boards").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(DATA / "boards" / "tiny-legacy.yaml", content / "boards" / "tiny-legacy.yaml")
    shutil.copyfile(SCENARIO, content / "scenario.yaml")
    if surface == "lint":
        return Prepared(["book", "lint", str(target)], work)
    return Prepared(["run", str(empty), "--scenario", str(content / "scenario.yaml")], work)


# -- running: a zygote that forks one limited child per case ---------------------------------------
ZYGOTE = r"""
import json, os, resource, signal, sys, time, traceback
import clank_story.cli.main as cli_main
for name in ("clank_story.cli.run", "clank_story.cli.book", "clank_story.cli.campaign", "clank_story.table.opening",
             "clank_story.table.scripts", "clank_story.authoring.preview", "clank_story.authoring.lint",
             "clank_story.story.render", "clank_story.campaign.show"):
    try:
        __import__(name)
    except ImportError:
        pass
reply = sys.stdout
for line in sys.stdin:
    req = json.loads(line)
    reply.flush()
    sys.stderr.flush()
    t0 = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.setpgid(0, 0)
            resource.setrlimit(resource.RLIMIT_CPU, (req["cpu"], req["cpu"] + 1))
            resource.setrlimit(resource.RLIMIT_AS, (req["memory"], req["memory"]))
            os.chdir(req["cwd"])
            os.environ.update(req["env"])
            fd = os.open(req["stdin"] or os.devnull, os.O_RDONLY)
            os.dup2(fd, 0)
            for n, path in ((1, req["stdout"]), (2, req["stderr"])):
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(fd, n)
            sys.argv = ["clank-story", *req["argv"]]
            try:
                cli_main.cli.main(args=req["argv"], prog_name="clank-story")
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        except BaseException:
            traceback.print_exc()
            code = 1
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code)
    deadline = t0 + req["wall"]
    killed = False
    while True:
        wpid, status, usage = os.wait4(pid, os.WNOHANG)
        if wpid:
            break
        if time.perf_counter() > deadline:
            killed = True
            try:
                os.killpg(pid, signal.SIGKILL)
            except OSError:
                os.kill(pid, signal.SIGKILL)
            wpid, status, usage = os.wait4(pid, 0)
            break
        time.sleep(0.002)
    wall = time.perf_counter() - t0
    try:  # anything the child left behind (worker processes) goes with it
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        pass
    reply.write(json.dumps({
        "status": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "killed": killed, "wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
        "peak": usage.ru_maxrss * 1024}) + "\n")
    reply.flush()
"""


class Zygote:
    """One zygote process; `run` is not thread-safe, so each thread keeps its own."""

    def __init__(self, cache: Path) -> None:
        env = {**os.environ, "CLANK_STORY_CACHE": str(cache), "PYTHONPATH": str(ROOT),
               "CLANK_STORY_LANG": "en", "COLUMNS": "100"}
        env.pop("CLANK_STORY_CAMPAIGN", None)
        self.proc = subprocess.Popen([sys.executable, "-c", ZYGOTE], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     env=env, text=True, cwd=ROOT)

    def run(self, prepared: Prepared, *, cpu: int = CPU_SECONDS, memory: int = MEMORY_BYTES,
            wall: float = WALL_SECONDS) -> dict[str, Any]:
        work = prepared.work
        home = work / "home"
        request = {"argv": prepared.argv, "cwd": str(work), "stdin": str(prepared.stdin) if prepared.stdin else None,
                   "stdout": str(work / "stdout.txt"), "stderr": str(work / "stderr.txt"),
                   "cpu": cpu, "memory": memory, "wall": wall,
                   "env": {"HOME": str(home), "XDG_DATA_HOME": str(home / "data"),
                           "XDG_CONFIG_HOME": str(home / "config"), "XDG_STATE_HOME": str(home / "state")}}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the zygote process died")
        return json.loads(line)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            assert self.proc.stdin is not None
            self.proc.stdin.close()
            self.proc.wait(timeout=10)


class Pool:
    """A few zygotes, one per worker thread, so cases run side by side."""

    def __init__(self, base: Path, workers: int | None = None) -> None:
        self.base = base
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._local = threading.local()
        self._all: list[Zygote] = []
        self._lock = threading.Lock()

    def zygote(self) -> Zygote:
        z = getattr(self._local, "zygote", None)
        if z is None:
            z = Zygote(self.base / "cache")
            self._local.zygote = z
            with self._lock:
                self._all.append(z)
        return z

    def close(self) -> None:
        for z in self._all:
            z.close()


# -- judging a case --------------------------------------------------------------------------------
@dataclass
class Result:
    case: Case
    status: int | None
    signal: int | None
    killed: bool
    cpu: float
    wall: float
    peak: int
    stdout: str
    stderr: str
    problems: list[str]


def run_case(case: Case, pool: Pool, work: Path) -> Result:
    if work.exists():
        shutil.rmtree(work)
    prepared = prepare(case, work)
    r = pool.zygote().run(prepared)
    stdout = _read(work / "stdout.txt")
    stderr = _read(work / "stderr.txt")
    result = Result(case, r["status"], r["signal"], r["killed"], r["cpu"], r["wall"], r["peak"], stdout, stderr, [])
    result.problems = judge(case, result, prepared)
    return result


def _read(path: Path) -> str:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_OUTPUT + 1)
    except OSError:
        return ""
    return data.decode("utf-8", errors="replace")


def judge(case: Case, r: Result, prepared: Prepared) -> list[str]:
    """Every way the case broke a promise (empty: it kept them all)."""
    problems: list[str] = []
    work = prepared.work
    if r.killed:
        problems.append(f"still running after {WALL_SECONDS} s of wall-clock time (killed)")
    elif r.signal is not None:
        import signal as signals

        name = signals.Signals(r.signal).name
        why = f"over {CPU_SECONDS} s of CPU time" if name == "SIGXCPU" else "killed"
        problems.append(f"{why} ({name})")
    if (work / "MARKER").exists():
        problems.append("ESCAPE: the payload created a file (code ran)")
    if CANARY in r.stdout or CANARY in r.stderr:
        problems.append("ESCAPE: the secret file's contents were shown (a file was read)")
    if "Traceback (most recent call last)" in r.stderr or "MemoryError" in r.stderr:
        problems.append("a traceback: " + r.stderr.strip().splitlines()[-1][:200])
    if len(r.stdout) + len(r.stderr) > MAX_OUTPUT:
        problems.append(f"more than {MAX_OUTPUT // MB} MB of output")
    if prepared.watched is not None and prepared.watched.read_bytes() != prepared.watched_bytes:
        problems.append(f"{prepared.watched.name} was rewritten by a run that failed")
    if problems or r.status is None:
        return problems
    expected = _expected_status(case)
    if r.status not in expected:
        problems.append(f"exit status {r.status}, expected {' or '.join(map(str, expected))}: "
                        + (r.stderr.strip().splitlines() or [""])[0][:200])
        return problems
    problems += _surface_checks(case, r)
    return problems


def _expected_status(case: Case) -> tuple[int, ...]:
    if case.id.startswith("file/"):
        status = case.spec.get("status", 2)
        status = status.get(case.surface, status.get("default", 2)) if isinstance(status, dict) else status
        return tuple(status) if isinstance(status, list) else (status,)
    return {"lint": (0, 1), "preview": (0, 1), "play": (0, 2), "expect": (0, 1, 2)}[case.surface]


DIAGNOSTIC = re.compile(r"^\S.*:\d+:\d+: (error|warning)\[[A-Z]{2}\d{3}\]: ", re.M)


def _surface_checks(case: Case, r: Result) -> list[str]:
    problems: list[str] = []
    if case.id.startswith("file/"):
        wanted = case.spec.get("error")
        if isinstance(wanted, dict):
            wanted = wanted.get(case.surface, wanted.get("default"))
        if wanted and not re.search(wanted, r.stderr + r.stdout):
            problems.append(f"expected /{wanted}/ in the output; stderr: {r.stderr.strip()[:200]!r}")
        return problems
    wanted = case.spec.get(case.surface)  # what this payload must come to, where the corpus says
    if wanted and not re.search(wanted, r.stderr + r.stdout):
        problems.append(f"expected /{wanted}/ in the output; stderr: {r.stderr.strip()[:200]!r}")
    if case.surface in ("preview", "lint") and r.status == 1 and not DIAGNOSTIC.search(r.stderr + r.stdout):
        problems.append(f"exit 1 without a path:line:col diagnostic: {r.stderr.strip()[:200]!r}")
    if case.surface == "play" and r.status == 2:  # (exit 0: every check in PLAY_SCRIPT held, to Rex's turn)
        if not DIAGNOSTIC.search(r.stderr):
            problems.append(f"a book refused without a path:line:col diagnostic: {r.stderr.strip()[:200]!r}")
        if r.stdout.strip():
            problems.append("a refused book, but lines were played first")
    if case.surface == "expect" and r.status and not re.search(r"expect\.script:1: ", r.stderr):
        problems.append("ESCAPE: a check after the payload failed (the game changed): " + r.stderr.strip()[:200])
    return problems


# -- running many cases ------------------------------------------------------------------------------
def run_all(selected: list[Case], base: Path, workers: int | None = None, repeat: int = 1) -> Iterator[list[Result]]:
    """Each case `repeat` times, side by side across a few zygotes; yields every case's results."""
    from concurrent.futures import ThreadPoolExecutor

    pool = Pool(base, workers)
    safe = {c.id: re.sub(r"[^A-Za-z0-9_.-]+", "-", c.id) for c in selected}

    def one(case: Case) -> list[Result]:
        return [run_case(case, pool, base / "work" / safe[case.id] / str(i)) for i in range(repeat)]

    try:
        with ThreadPoolExecutor(pool.workers) as ex:
            yield from ex.map(one, selected)
    finally:
        pool.close()

