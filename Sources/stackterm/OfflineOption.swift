import AppConfig
import ArgumentParser

/// `--offline`, one option group shared by the browser and `print`, so a flag given after `print` reaches print
/// (a flag the root declared on its own would take it first).
struct OfflineOption: ParsableArguments {
    @Flag(help: "Make no network request: lists (activity, creation, votes), questions and search come from the local store.")
    var offline = false
}

/// `--sample`: the browser on the sample site shipped with stackterm, imported into the store on first use.
struct SampleOption: ParsableArguments {
    @Flag(help: ArgumentHelp(
        "Browse the sample site shipped with stackterm — Cardano Stack Exchange's 2021 data dump, CC BY-SA 4.0 — "
            + "imported into the local store on first use, then read offline (no request leaves)."))
    var sample = false
}

/// `--no-live` and `--live-url`: the browser's live list (the latest questions arrive by themselves).
struct LiveOption: ParsableArguments {
    @Flag(name: .customLong("no-live"), help: "Do not listen to the realtime socket (live = false in the config file).")
    var noLive = false

    @Option(name: .customLong("live-url"), help: ArgumentHelp(
        "The realtime socket, e.g. ws://127.0.0.1:8080/ for the local double (default: wss://qa.sockets.stackexchange.com/, "
            + "used only with Stack Exchange's API; another API host without one is polled).", valueName: "url"))
    var liveURL: String?

    func validate() throws {
        if let liveURL, !SettingRules.isLiveURL(liveURL) {
            throw ValidationError("--live-url must be a ws:// or wss:// address such as wss://qa.sockets.stackexchange.com/")
        }
    }

    /// These flags written into the command line's settings.
    func apply(to commandLine: inout CommandLineSettings) {
        if noLive { commandLine.live = false }
        if let liveURL { commandLine.liveURL = liveURL }
    }
}
