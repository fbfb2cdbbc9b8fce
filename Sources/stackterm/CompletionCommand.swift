import ArgumentParser

/// The root the shell completion scripts are written from (`--generate-completion-script bash|zsh|fish`): the
/// subcommands and the browser's options, `--search` included. The real root cannot declare `--search`: a root's
/// option is taken wherever it stands, so `stackterm print --search WORDS` would lose its search to the root.
struct CompletionCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "stackterm", subcommands: StacktermCommand.configuration.subcommands)
    }

    @OptionGroup var options: SharedOptions
    @OptionGroup var offlineOption: OfflineOption
    @OptionGroup var sampleOption: SampleOption
    @OptionGroup var liveOption: LiveOption

    /// The browser's `--search`, as `TargetCommand` declares it.
    @Option(help: ArgumentHelp("Start on the search results for these words (titles and bodies).", valueName: "words"))
    var search: String?
}
