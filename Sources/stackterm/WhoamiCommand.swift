import ArgumentParser
import Foundation
import StackAPI
import StackAuth

/// `stackterm whoami`: names the logged-in user from the token file (no request), or with `--check` asks `/me`
/// whether the token still works.
struct WhoamiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "whoami",
        abstract: "Name the logged-in user (NAME on SITE (user ID)), or say that nobody is logged in.",
        discussion: """
            Reads the token file ($XDG_CONFIG_HOME/stackterm/token) and names the user `stackterm login` saved \
            there, without asking the network. --check asks Stack Exchange (/me) whether the token still works: \
            one revoked on the profile page or expired is said so, with the way back (stackterm login).

            Exit codes: 0 someone is logged in (with --check: and the token works); 1 nobody is logged in, or the \
            token was revoked or expired; 2 usage error; 3 the token file cannot be used (readable by other \
            users, a link, damaged: message on stderr); 4 --check could not ask (network, throttle).
            """)

    @Flag(help: "Ask Stack Exchange (/me) whether the token still works.")
    var check = false

    @OptionGroup var account: AccountOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let stored: StoredLogin?
        do {
            stored = try TokenFile(environment: environment).read()
        } catch {
            StacktermCommand.warn(error.message)
            throw ExitCode(AccountExitCode.tokenFile)
        }
        guard let stored else {
            print("nobody is logged in (stackterm login logs in)")
            throw ExitCode(AccountExitCode.failed)
        }
        if stored.token.isExpired(at: Date()) {
            StacktermCommand.warn(AccountProblem.revoked.message)
            throw ExitCode(AccountExitCode.failed)
        }
        guard check else {
            print(stored.user.map(AccountText.named) ?? "logged in (the user is not known yet: try --check)")
            return
        }
        let (_, settings) = account.resolve(environment: environment)
        let site = stored.user?.site ?? settings.site
        let lookup = LoginCheck(client: AuthClient(factory: RequestFactory(baseURL: settings.apiBaseURL, key: settings.apiKey)),
                                site: site)
        switch lookup.user(of: stored.token) {
        case .success(let user):
            print(AccountText.named(user) + " (the token works)")
        case .failure(let problem):
            StacktermCommand.warn(problem.message)
            throw ExitCode(problem == .revoked ? AccountExitCode.failed : AccountExitCode.unreachable)
        }
    }
}
