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
