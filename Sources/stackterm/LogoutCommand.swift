import ArgumentParser
import Foundation
import StackAPI
import StackAuth

/// `stackterm logout`: revokes the stored token (`/apps/{token}/de-authenticate`) and deletes the token file; the file
/// goes even when the server cannot be told.
struct LogoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "logout",
        abstract: "Log out: revoke the stored login token with Stack Exchange and delete it.",
        discussion: """
            Asks Stack Exchange to revoke the token (/apps/{token}/de-authenticate), then deletes the token file \
            ($XDG_CONFIG_HOME/stackterm/token). When the server cannot be reached the file is deleted all the \
            same and the message says the server was not told: the token then works until it expires or you \
            remove stackterm from the applications of your Stack Exchange profile. A token file that other \
            users can read is revoked and deleted too (someone may have read it).

            Exit codes: 0 logged out, or nobody was logged in; 2 usage error; 3 the token file cannot be used or \
            removed (a link, another user's file: message on stderr).
            """)

    @OptionGroup var account: AccountOptions

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let file: TokenFile
        let stored: StoredLogin?
        do {
            file = try TokenFile(environment: environment)
            stored = try file.readForRevoking()
        } catch TokenFileError.damaged(let path, let reason) {
            try Self.delete(TokenFile(path: path))
            print("removed the damaged token file \(path) (\(reason)); nobody is logged in")
            return
        } catch {
            StacktermCommand.warn(error.message)
            throw ExitCode(AccountExitCode.tokenFile)
        }
        guard let stored else {
            print("nobody is logged in")
            return
        }
        let (_, settings) = account.resolve(environment: environment)
        let client = AuthClient(factory: RequestFactory(baseURL: settings.apiBaseURL, key: settings.apiKey))
        if let error = TokenRevocation.revoke(stored.token, client: client) {
            StacktermCommand.warn(TokenRevocation.notTold(error) + "; deleting it here")
        }
        try Self.delete(file)
        print("logged out" + (stored.user.map { " " + AccountText.named($0) } ?? ""))
    }

    private static func delete(_ file: TokenFile) throws {
        do {
            try file.delete()
        } catch {
            StacktermCommand.warn(error.message)
            throw ExitCode(AccountExitCode.tokenFile)
        }
    }
}
