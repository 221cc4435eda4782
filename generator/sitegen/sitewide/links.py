"""Links between pages and to files: checked once every page is built, and the files they reach.

A relative link must reach a page (and its anchor when it names one), a file of the source tree
that is copied into the site along with the pages (an image beside its source, a notebook), or a
file already in the output folder that the build does not own (an image an author keeps there).
"""

from __future__ import annotations

from pathlib import Path

from sitegen.doc import PageResult, link_target
from sitegen.errors import Messages, display_path, listed
from sitegen.reading.config import SiteConfig
from sitegen.reading.sources import inside


def is_asset(target: str, pages: frozenset[str], source_dir: Path) -> bool:
    """A file of the source tree (an image, a notebook) that is copied along with the pages; a link
    that leads outside the source folder is not one."""
    return (
        target not in pages
        and not target.startswith('..')
        and not target.endswith('.py')
        and (source_dir / target).is_file()
        and inside(source_dir / target, source_dir.resolve())
    )


def searched_folders(config: SiteConfig) -> str:
    """Where a link's file was looked for besides the pages, for the broken link's message."""
    places = [f'{display_path(config.root / folder, config.root)}/' for folder in config.assets]
    places.append(f'the output folder {display_path(config.root / config.output, config.root)}/')
    return f'in {listed(places)}'


def check_links(
    results: list[PageResult],
    pages: frozenset[str],
    source_dir: Path,
    messages: Messages,
    existing: frozenset[str],
    where: str,
) -> None:
    """Warn about every relative link that reaches nothing, at its source line; `where` says
    where else files were looked for."""
    anchors = {r.source.page: r.anchors for r in results if r.built}
    for r in results:
        for url, line in dict.fromkeys(r.links):  # an image and its link to it: one warning
            target, fragment = link_target(r.source.page, url)
            if target in pages:
                # A target that failed to build has no anchors; its own error says why.
                if fragment and target in anchors and fragment not in anchors[target]:
                    problem = (
                        f'no anchor #{fragment} in {target} '
                        f'(add <a id="{fragment}"></a> there, or link to an anchor it has)'
                    )
                    messages.warn(r.source.rel, line, f'broken link {url!r}: {problem}', 'link')
            elif target not in existing and not is_asset(target, pages, source_dir):
                problem = f'no page or file {target}: looked for {source_dir.name}/{target}, {where}'
                messages.warn(r.source.rel, line, f'broken link {url!r}: {problem}', 'link')


def assets(results: list[PageResult], pages: frozenset[str], source_dir: Path) -> list[str]:
    """Files of the source tree that pages link to, copied along."""
    targets = {link_target(r.source.page, url)[0] for r in results for url, _ in r.links}
    return sorted(t for t in targets if is_asset(t, pages, source_dir))
