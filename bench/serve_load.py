"""Load benchmark for `build_site.py serve`: many concurrent clients on loopback, for a bounded time.

Prints figures; asserts nothing.

    python bench/serve_load.py [--clients 200] [--seconds 10] [--streams 10] [--lang all]

`serve` runs on a temporary copy of the project (as in `reload_bench.py`), listening on 127.0.0.1
only. The URLs are what a crawl from the home page finds: every page in every language, and the
style sheets, scripts, fonts and images they use. `--clients` clients each request one URL after
another (a new connection each, as the server speaks HTTP/1.0) for `--seconds`, while `--streams`
reload streams stay open as open pages would hold them. Then it stops by itself: the clients finish
the request they are in (10 s at most), the server is stopped and the copy removed.

A request counts as an error when it fails to connect, is cut short (fewer bytes than its
Content-Length), does not answer 200, takes longer than 30 s, or is still unfinished 10 s after
the end. Latency runs from the start of the connection to the last byte. The clients are one
asyncio process on the same machine as the server, so they share its CPUs: the CPU time of each
side is printed next to the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import resource
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from urllib.parse import urljoin, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from reload_bench import Server, copy_project  # noqa: E402

LINK = re.compile(r"""(?:href|src)=["']([^"'#?]+)|url\(["']?([^"')#?]+)""")
TIMEOUT = 30.0


def crawl(base: str, limit: int = 2000) -> list[str]:
    """Paths of the site reachable from the home page: pages, and the files they load."""
    seen, todo = {'/'}, ['/']
    while todo and len(seen) < limit:
        path = todo.pop()
        with urllib.request.urlopen(base.rstrip('/') + path, timeout=TIMEOUT) as r:
            kind = r.headers.get('Content-Type', '')
            body = r.read().decode('utf-8', 'replace') if kind.startswith(('text/html', 'text/css')) else ''
        for match in LINK.finditer(body):
            url = urlsplit(urljoin(base.rstrip('/') + path, match.group(1) or match.group(2)))
            if url.netloc == urlsplit(base).netloc and url.path not in seen:
                seen.add(url.path)
                todo.append(url.path)
    return sorted(seen)


async def fetch(host: str, port: int, path: str) -> tuple[float, str | None, int]:
    """(seconds, error or None, bytes) of one GET on a new connection."""
    started = time.perf_counter()
    writer = None
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection(host, port), TIMEOUT)
        writer.write(f'GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n'.encode())
        data = await asyncio.wait_for(reader.read(-1), TIMEOUT)
    except asyncio.TimeoutError:
        return time.perf_counter() - started, 'timeout', 0
    except OSError as e:
        return time.perf_counter() - started, type(e).__name__, 0
    finally:
        if writer is not None:
            writer.close()
    took = time.perf_counter() - started
    head, _, body = data.partition(b'\r\n\r\n')
    status = head.split(b' ', 2)[1:2]
    if status != [b'200']:
        return took, f'status {status[0].decode() if status else "none"}', len(data)
    length = re.search(rb'(?im)^content-length:\s*(\d+)', head)
    if length and int(length.group(1)) != len(body):
        return took, 'short body', len(data)
    return took, None, len(data)


async def client(host: str, port: int, paths: list[str], until: float, seed: int, results: list) -> None:
    rng = random.Random(seed)
    while time.perf_counter() < until:
        results.append(await fetch(host, port, rng.choice(paths)))


async def open_streams(
    host: str, port: int, count: int
) -> list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]:
    """Reload streams held open as open pages hold them; each must answer 200 and an event."""
    streams = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection(host, port)
        writer.write(b'GET /__events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
        head = await asyncio.wait_for(reader.readuntil(b'\r\n\r\n'), TIMEOUT)
        assert b' 200 ' in head.split(b'\r\n')[0], head
        await asyncio.wait_for(reader.readuntil(b'data: '), TIMEOUT)
        streams.append((reader, writer))
    return streams


def cpu_seconds(pid: int) -> float:
    fields = Path(f'/proc/{pid}/stat').read_text().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


async def load(url: str, paths: list[str], clients: int, seconds: float, streams: int) -> tuple:
    parts = urlsplit(url)
    host, port = parts.hostname or '127.0.0.1', parts.port or 80
    held = await open_streams(host, port, streams)
    results: list[tuple[float, str | None, int]] = []
    started = time.perf_counter()
    until = started + seconds
    tasks = [asyncio.create_task(client(host, port, paths, until, i, results)) for i in range(clients)]
    done, late = await asyncio.wait(tasks, timeout=seconds + 10)
    for task in late:
        task.cancel()
    elapsed = time.perf_counter() - started
    open_after = sum(not reader.at_eof() for reader, _ in held)
    for _, writer in held:
        writer.close()
    return results, elapsed, open_after, len(late)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--clients', type=int, default=200, help='concurrent clients (default 200)')
    parser.add_argument('--seconds', type=float, default=10.0, help='how long they run (default 10)')
    parser.add_argument('--streams', type=int, default=10, help='reload streams held open (default 10)')
    parser.add_argument('--lang', default='all', help='languages serve builds (default: all)')
    args = parser.parse_args()
    if not 1 <= args.clients <= 1000 or not 0 < args.seconds <= 120 or not 0 <= args.streams <= 60:
        parser.error('--clients 1..1000, --seconds up to 120 and --streams 0..60 keep the run bounded')
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if limit < args.clients + args.streams + 64:
        parser.error(f'{args.clients} clients need more open files than the limit of {limit} (ulimit -n)')

    with tempfile.TemporaryDirectory(prefix='serve-load-') as tmp:
        server = Server(copy_project(Path(tmp)), args.lang)
        try:
            paths = crawl(server.url)
            pages = sum(p.endswith(('/', '.html')) for p in paths)
            print(f'{server.url}: {len(paths)} URLs, {pages} pages and {len(paths) - pages} other files')
            server_cpu, client_cpu = cpu_seconds(server.proc.pid), time.process_time()
            results, elapsed, open_after, late = asyncio.run(
                load(server.url, paths, args.clients, args.seconds, args.streams)
            )
            server_cpu, client_cpu = (
                cpu_seconds(server.proc.pid) - server_cpu,
                time.process_time() - client_cpu,
            )
            alive = server.proc.poll() is None
        finally:
            server.stop()
    said = [line for line in server.lines if 'went away' in line or 'Traceback' in line]

    latencies = [took for took, error, _ in results if error is None]
    errors = Counter(error for _, error, _ in results if error is not None)
    if late:
        errors['unfinished 10 s after the end'] = late
    megabytes = sum(size for _, _, size in results) / 1e6
    print(
        f'\n{args.clients} clients for {args.seconds:g} s ({elapsed:.1f} s with the last requests), '
        f'{args.streams} reload streams held open; {os.cpu_count()} CPUs'
    )
    print(f'requests   {len(results)}  ({len(results) / elapsed:.0f}/s, {megabytes / elapsed:.1f} MB/s)')
    if latencies:
        print(
            f'latency    p50 {percentile(latencies, 0.5) * 1000:.0f} ms, '
            f'p90 {percentile(latencies, 0.9) * 1000:.0f} ms, '
            f'p99 {percentile(latencies, 0.99) * 1000:.0f} ms, max {max(latencies) * 1000:.0f} ms'
        )
    print(f'errors     {sum(errors.values())}' + (f'  {dict(errors)}' if errors else ''))
    print(f'streams    {open_after} of {args.streams} still open at the end')
    print(f'CPU        server {server_cpu:.1f} s, clients {client_cpu:.1f} s, over {elapsed:.1f} s')
    print(f'server     {"up" if alive else "DIED"} throughout; {len(said)} lines about clients or tracebacks')


if __name__ == '__main__':
    main()
