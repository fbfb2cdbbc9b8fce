import StackAPI

extension EffectiveSettings {
    /// Restores what the local store remembers from the last run where neither a flag nor the config file decided, so
    /// each of site, sort and tag filter comes from the first of: command-line flag (or `startSite`, a URL's site),
    /// the config file (`file`: only what it names), remembered, built-in default. The sort and tags remembered are
    /// those of the site chosen (`remembered(site)`). The watched tags (no flag sets them) come from `watchedTags`,
    /// what `w` left, over the config file's `watch_tags`.
    ///
    /// The config file wins over the memory because a run whose config file was ignored (a typo) remembers what it
    /// browsed; once the file is mended, its `site` and `sort` must take effect. Returns what the memory decided, for
    /// the status line (nil when it decided nothing): a reader who sees an unexpected site learns where it came from.
    @discardableResult
    public mutating func restore(commandLine: CommandLineSettings, file: PartialSettings = PartialSettings(),
                                 startSite: String? = nil, lastSite: String?, watchedTags: [String]? = nil,
                                 remembered: (String) -> (sort: QuestionSort?, tagged: [String]?)) -> String? {
        if let watchedTags { watchTags = watchedTags.map { $0.lowercased() } }
        var used: [String] = []
        if let chosen = startSite ?? commandLine.site ?? file.site {
            site = chosen
        } else if let lastSite {
            if lastSite != site { used.append(lastSite) }
            site = lastSite
        }
        let memory = remembered(site)
        if commandLine.sort == nil, file.sort == nil, let sort = memory.sort {
            if sort != self.sort { used.append("sort \(sort.rawValue)") }
            self.sort = sort
        }
        if commandLine.tagged == nil, file.tagged == nil, let tagged = memory.tagged {
            if tagged != self.tagged { used.append(tagged.isEmpty ? "no tag filter" : "tagged " + tagged.joined(separator: " ")) }
            self.tagged = tagged
        }
        guard !used.isEmpty else { return nil }
        return "As you left it: " + used.joined(separator: ", ") + " (a flag or the config file decides instead)"
    }
}
