/// Which language a code block is written in, as a source-highlight language name (`python`, `cpp`, `sh`…),
/// chosen from the block's `lang-*`/`language-*` class, else from the question's tags.
public enum CodeLanguage {
    /// The language for a block whose `<pre>`/`<code>` carry `classes`, in a question tagged `tags`; nil to
    /// draw it plain. A class wins over the tags; `lang-none` (or `plaintext`, `text`, `nohighlight`) means
    /// plain whatever the tags say; `lang-default` defers to the tags. A class names any language as it is
    /// (source-highlight may know it); a tag counts only when it is in `tagLanguages`, since tags like `log`
    /// or `spec` also name source-highlight definitions.
    public static func choose(classes: String, tags: [String]) -> String? {
        for word in classes.split(whereSeparator: \.isWhitespace) {
            let lowered = word.lowercased()
            guard let name = lowered.dropPrefix("lang-") ?? lowered.dropPrefix("language-"), !name.isEmpty else { continue }
            if name == "default" { break }
            if plainNames.contains(name) { return nil }
            return classAliases[name] ?? name
        }
        for tag in tags {
            if let language = tagLanguages[tag.lowercased()] { return language }
        }
        return nil
    }

    /// Class names that ask for no highlighting.
    static let plainNames: Set<String> = ["none", "plaintext", "text", "nohighlight", "plain"]

    /// Stack Exchange's (Prettify's and highlight.js's) class names → source-highlight names.
    static let classAliases: [String: String] = [
        "py": "python", "python3": "python", "js": "javascript", "jsx": "javascript", "ts": "javascript",
        "typescript": "javascript", "json": "json", "c++": "cpp", "cxx": "cpp", "cc": "cpp", "h": "c",
        "cs": "csharp", "c#": "csharp", "bsh": "sh", "bash": "sh", "shell": "sh", "console": "sh",
        "shell-session": "sh", "zsh": "zsh", "rb": "ruby", "hs": "haskell", "pl": "perl", "rust": "rs",
        "golang": "go", "clj": "lisp", "clojure": "lisp", "el": "lisp",
        "ml": "caml", "ocaml": "caml", "erl": "erlang", "vb": "vbscript", "vbnet": "vbscript", "tex": "latex",
        "ini": "ini", "makefile": "makefile", "objc": "c", "objective-c": "c", "plutus": "haskell",
    ]

    /// Tags whose questions' code is in one language (the language tags themselves, and a few libraries and
    /// tools of the sites in our data: qiskit and cirq are Python, Plutus is Haskell, cardano-cli is shell).
    static let tagLanguages: [String: String] = [
        "python": "python", "python-3.x": "python", "python-2.7": "python", "django": "python", "numpy": "python",
        "pandas": "python", "flask": "python", "qiskit": "python", "cirq": "python", "pyquil": "python",
        "javascript": "javascript", "node.js": "javascript", "typescript": "javascript", "jquery": "javascript",
        "reactjs": "javascript", "java": "java", "android": "java", "c": "c", "c++": "cpp", "c#": "csharp",
        "bash": "sh", "shell": "sh", "sh": "sh", "zsh": "zsh", "cardano-cli": "sh", "sql": "sql", "mysql": "sql",
        "postgresql": "sql", "sqlite": "sql", "sql-server": "sql", "ruby": "ruby", "ruby-on-rails": "ruby",
        "go": "go", "rust": "rs", "php": "php", "swift": "swift", "haskell": "haskell", "plutus": "haskell",
        "plutustx": "haskell", "plutus-pioneer-program": "haskell", "perl": "perl", "lua": "lua", "r": "r",
        "scala": "scala", "erlang": "erlang", "lisp": "lisp", "scheme": "scheme", "fortran": "fortran",
        "pascal": "pascal", "latex": "latex", "html": "html", "css": "css", "xml": "xml", "json": "json",
        "makefile": "makefile", "ocaml": "caml", "tcl": "tcl", "awk": "awk",
    ]
}

extension String {
    /// The rest after `prefix`, or nil when the string does not start with it.
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
