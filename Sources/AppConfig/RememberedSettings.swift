import StackAPI

extension EffectiveSettings {
    /// Restores what the local store remembers from the last run where no flag decided, so each of site, sort and tag
    /// filter comes from the first of: command-line flag (or `startSite`, a URL's site), remembered, config file,
    /// built-in default. The sort and tags remembered are those of the site chosen (`remembered(site)`). The watched
    /// tags (no flag sets them) come from `watchedTags`, what `w` left, over the config file's `watch_tags`.
    public mutating func restore(commandLine: CommandLineSettings, startSite: String? = nil, lastSite: String?,
                                 watchedTags: [String]? = nil,
                                 remembered: (String) -> (sort: QuestionSort?, tagged: [String]?)) {
        if let watchedTags { watchTags = watchedTags.map { $0.lowercased() } }
        site = startSite ?? commandLine.site ?? lastSite ?? site
        let memory = remembered(site)
        if commandLine.sort == nil, let sort = memory.sort { self.sort = sort }
        if commandLine.tagged == nil, let tagged = memory.tagged { self.tagged = tagged }
    }
}
