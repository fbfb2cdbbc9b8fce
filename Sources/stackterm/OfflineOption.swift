import ArgumentParser

/// `--offline`, one option group shared by the browser and `print`, so a flag given after `print` reaches print
/// (a flag the root declared on its own would take it first).
struct OfflineOption: ParsableArguments {
    @Flag(help: "Make no network request: lists (activity, creation, votes), questions and search come from the local store.")
    var offline = false
}
