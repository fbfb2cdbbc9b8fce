#!/usr/bin/env python3
"""Prints the module graph declared in Package.swift and checks it against the code's imports.

    python3 scripts/module-graph.py           # one line per target: "Target -> its local dependencies"
    python3 scripts/module-graph.py --check   # also fail (exit 1) when a file imports a local module its target
                                              # does not declare, or a target declares one no file imports

Only this package's own targets are checked; Foundation, Dispatch, XCTest and products of other packages are
left out of the graph. Run from anywhere; ARCHITECTURE.md's drawing should agree with this output.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGET_START = re.compile(r'\.(target|executableTarget|testTarget|systemLibrary)\(')
IMPORT = re.compile(r'^\s*(?:@testable\s+|@_implementationOnly\s+|(?:public|internal|package|private|fileprivate)\s+)*import\s+(?:(?:struct|class|enum|func|protocol|typealias|var|let)\s+)?(\w+)', re.M)


def targets():
    text = re.sub(r'//[^\n]*', '', (ROOT / "Package.swift").read_text())
    found = {}
    for match in TARGET_START.finditer(text):
        depth, index = 1, match.end()
        while depth and index < len(text):  # the call's arguments, up to its closing parenthesis
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            index += 1
        arguments = text[match.end():index - 1]
        name = re.search(r'name:\s*"([^"]+)"', arguments).group(1)
        deps_match = re.search(r'dependencies:\s*\[(.*?)\]\s*(?:,|$)', arguments, re.S)
        deps = re.findall(r'(?<![\w:] )(?<!name: )"([^"]+)"', deps_match.group(1)) if deps_match else []
        deps = [d for d in deps if not re.search(r'(name|package):\s*"' + re.escape(d) + '"', deps_match.group(1))]
        path_match = re.search(r'path:\s*"([^"]+)"', arguments)
        kind = match.group(1)
        folder = path_match.group(1) if path_match else ("Tests/" if kind == "testTarget" else "Sources/") + name
        found[name] = (kind, deps, ROOT / folder)
    return found


def imports(folder):
    names = set()
    for source in list(folder.rglob("*.swift")):
        names.update(IMPORT.findall(source.read_text(errors="replace")))
    return names


def main():
    check = "--check" in sys.argv[1:]
    graph = targets()
    local = set(graph)
    problems = []
    for name, (kind, deps, folder) in graph.items():
        local_deps = [d for d in deps if d in local]
        if kind != "systemLibrary":
            print(f"{name} -> {', '.join(local_deps) if local_deps else '(none)'}")
        if not check or kind == "systemLibrary" or not folder.exists():
            continue
        used = imports(folder) & local
        for missing in sorted(used - set(local_deps) - {name}):
            problems.append(f"{name} imports {missing} without declaring it in Package.swift")
        for unused in sorted(set(local_deps) - used):
            if graph[unused][0] == "systemLibrary" or not any(folder.rglob("*.swift")):
                continue  # C modules may be reached through a Swift wrapper's re-export; say nothing
            problems.append(f"{name} declares {unused} but no file imports it")
    for problem in problems:
        print("module-graph: " + problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
