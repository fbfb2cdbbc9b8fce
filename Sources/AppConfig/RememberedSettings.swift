import StackAPI

extension EffectiveSettings {
    /// Restores what the local store remembers from the last run where no flag decided, so each of site, sort and tag
    /// filter comes from the first of: command-line flag (or `startSite`, a URL's site), remembered, config file,
    /// built-in default. The sort and tags remembered are those of the site chosen (`remembered(site)`).
    public mutating func restore(commandLine: CommandLineSettings, startSite: String? = nil, lastSite: String?,
                                 remembered: (String) -> (sort: QuestionSort?, tagged: [String]?)) {
        site = startSite ?? commandLine.site ?? lastSite ?? site
        let memory = remembered(site)
        if commandLine.sort == nil, let sort = memory.sort { self.sort = sort }
        if commandLine.tagged == nil, let tagged = memory.tagged { self.tagged = tagged }
    }
}
