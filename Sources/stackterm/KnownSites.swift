import TeXMath

/// The API site parameters the shell completes after `--site`: the network's busiest sites, the MathJax sites, and the
/// ones whose dumps the tests read (any other site is still accepted as typed).
enum KnownSites {
    static let forCompletion: [String] = Array(Set(busiest + MathSites.all + ["cardano", "beer", "coffee"])).sorted()

    private static let busiest = [
        "stackoverflow", "superuser", "serverfault", "askubuntu", "unix", "apple", "android", "gaming", "english",
        "tex", "dba", "security", "softwareengineering", "codereview", "gis", "wordpress", "salesforce", "mathematica",
        "ethereum", "bitcoin", "diy", "photo", "travel", "money", "workplace", "academia", "scifi", "movies", "music",
        "cooking", "bicycles", "mechanics", "raspberrypi", "arduino", "webapps", "webmasters", "ux", "graphicdesign",
        "blender", "gamedev", "networkengineering", "devops", "sqa", "emacs", "vi", "meta",
    ]
}
