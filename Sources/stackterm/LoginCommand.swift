import AppConfig
import AppCore
import AppRuntime
import ArgumentParser
import Foundation
import PrintMode
import StackAPI
import StackAuth

/// `stackterm login`: opens Stack Exchange's login dialog in the browser, reads back the address it landed on (or the
/// token alone), checks the token with the API and keeps it in the token file.
struct LoginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "login",
        abstract: "Log in to Stack Exchange: approve stackterm in the browser, paste back the address it lands on.",
        discussion: HelpText.loginDiscussion)

    @Option(name: .customLong("client-id"), help: ArgumentHelp(
        "The Stack Apps application's Client Id (or STACKTERM_CLIENT_ID, or client_id in the config file).",
        valueName: "id"))
    var clientID: String?

    @Option(name: .customLong("auth-url"), help: ArgumentHelp(
        "The login dialog's address (or auth_url in the config file; default: \(LoginDialog.defaultBase.absoluteString)).",
        valueName: "url"))
    var authURL: String?

    @OptionGroup var account: AccountOptions

    func validate() throws {
        if let authURL, SettingRules.authURL(authURL) == nil {
            throw ValidationError("--auth-url must be an http(s) address such as \(LoginDialog.defaultBase.absoluteString)")
        }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let (loaded, settings) = account.resolve(environment: environment) { flags in
            flags.clientID = clientID
            flags.authURL = authURL.flatMap(SettingRules.authURL)
        }
        guard let clientID = settings.clientID, settings.apiKey != nil else {
            let shownPath = loaded.path?.path ?? "~/.config/stackterm/config.toml"
            FileHandle.standardError.write(Data(AppRegistrationHelp.text(configPath: shownPath, hasKey: settings.apiKey != nil).utf8))
            throw ExitCode(PrintExitCode.usage)
        }
        let dialog: LoginDialog
        do {
            dialog = try LoginDialog(clientID: clientID, base: settings.authURL ?? LoginDialog.defaultBase)
        } catch {
            StacktermCommand.warn(error.message)
            throw ExitCode(PrintExitCode.usage)
        }
        let tokenFile: TokenFile
        do {
            tokenFile = try TokenFile(environment: environment)
        } catch {
            StacktermCommand.warn(error.message)
            throw ExitCode(AccountExitCode.tokenFile)
        }
        Self.openDialog(dialog.url.absoluteString, settings: settings, environment: environment)
        guard let line = PastePrompt.readLine(limit: LoginPaste.maximumInputLength) else {
            StacktermCommand.warn("nothing was pasted, so nobody is logged in")
            throw ExitCode(AccountExitCode.failed)
        }
        let token: AccessToken
        switch LoginPaste.parse(line) {
        case .success(let parsed): token = parsed
        case .failure(let problem):
            StacktermCommand.warn(problem.message)
            throw ExitCode(AccountExitCode.failed)
        }
        let client = AuthClient(factory: RequestFactory(baseURL: settings.apiBaseURL, key: settings.apiKey))
        let check = LoginCheck(client: client, site: settings.site)
        // The login this one replaces, if any: revoked once the new one is kept (an unreadable file has none to revoke).
        let previous = try? tokenFile.readForRevoking()
        switch check.verify(token) {
        case .failure(let problem):
            StacktermCommand.warn("not logged in: " + problem.message)
            throw ExitCode(AccountExitCode.failed)
        case .success(let login):
            do {
                try tokenFile.write(login)
            } catch {
                StacktermCommand.warn(error.message)
                throw ExitCode(AccountExitCode.failed)
            }
            print("logged in as \(login.user.map(AccountText.named) ?? "?")")
            if let previous, previous.token.revealedForRequest != token.revealedForRequest {
                Self.revoke(previous, client: client)
            }
        }
    }

    /// Revokes the login a new one replaced, saying so.
    private static func revoke(_ previous: StoredLogin, client: AuthClient) {
        let whose = previous.user.map { " of " + AccountText.named($0) } ?? ""
        if let error = TokenRevocation.revoke(previous.token, client: client) {
            StacktermCommand.warn("the previous login's token\(whose) was not revoked: " + TokenRevocation.notTold(error))
        } else {
            print("the previous login\(whose) was revoked")
        }
    }

    /// Opens `url` in the browser the `o` key uses (a terminal one in the foreground when stdin is a terminal) and says
    /// where to paste; the address is always printed, for a terminal without a browser.
    private static func openDialog(_ url: String, settings: EffectiveSettings, environment: [String: String]) {
        let launcher = BrowserLauncher(environment: environment, browserInTerminal: settings.browserInTerminal)
        let say = StacktermCommand.standardError
        let opened: String
        switch SafeLink.check(url) {
        case .failure(let rejection): opened = "The login address cannot be opened (\(rejection))."
        case .success(let link):
            let onTerminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
            let handOver = onTerminal ? TerminalHandOver(input: STDIN_FILENO, output: STDOUT_FILENO) { $0() } : nil
            switch launcher.open(link, handOver: handOver, failed: { say("stackterm: \($0); open the address above yourself") }) {
            case .success(.started(let program)): opened = "Opened Stack Exchange's login page with \(program)."
            case .success(.finished(let program)): opened = "\(program) has closed."
            case .failure(let error): opened = "No browser was opened (\(error))."
            }
        }
        say(opened + " Open this address in a browser if it did not open:\n  \(url)\n"
            + "Log in there and approve stackterm. The browser then lands on an address that starts with\n"
            + "  \(LoginDialog.redirectURI)#access_token=\n"
            + "Paste that whole address (or the token alone) here and press Enter"
            + (isatty(STDIN_FILENO) == 1 ? " (it is not shown):" : ":"))
    }
}
