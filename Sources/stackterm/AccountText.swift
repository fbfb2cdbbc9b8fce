import StackAuth

/// The exit codes of `login`, `logout` and `whoami` (besides 0, and 2 for a usage error or no application set up).
enum AccountExitCode {
    /// login: not logged in (declined, a bad paste, a token the API refused, the network); whoami: nobody is logged
    /// in, or (`--check`) the token no longer works.
    static let failed: Int32 = 1
    /// The token file cannot be used: readable by others, a link, another user's, damaged (its message says which).
    static let tokenFile: Int32 = 3
    /// whoami `--check`: the API could not be asked (network, throttle) or did not say who the user is.
    static let unreachable: Int32 = 4
}

/// How the account commands name a user.
enum AccountText {
    /// `NAME on SITE (user ID)`.
    static func named(_ user: LoggedInUser) -> String {
        "\(user.displayName) on \(user.site) (user \(user.userID))"
    }
}
