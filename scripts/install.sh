#!/usr/bin/env bash
# Installs stackterm under a prefix: the release binary, the man page, and bash, zsh and fish completions; or
# removes exactly those files again.
#
#   bash scripts/install.sh                  # builds the release binary, installs under ~/.local (root: /usr/local)
#   bash scripts/install.sh --uninstall      # removes what the install put there, unchanged (your store and config stay)
#   options: --prefix DIR    install under DIR instead
#            --static        build with the Swift runtime linked in (--static-swift-stdlib, scratch path .build-static):
#                            one file that runs on a Debian machine without a Swift toolchain
#            --binary FILE   install FILE instead of building (e.g. a copied static binary)
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=""
prefix_given=no
mode=install
static=no
binary=""
usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { usage >&2; exit 2; }; prefix="$2"; prefix_given=yes; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; prefix_given=yes; shift ;;
        --uninstall) mode=uninstall; shift ;;
        --static) static=yes; shift ;;
        --binary) [ $# -ge 2 ] || { usage >&2; exit 2; }; binary="$2"; shift 2 ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install: unknown argument: $1" >&2; usage >&2; exit 2 ;;
    esac
done
if [ "$prefix_given" = yes ] && [ -z "$prefix" ]; then
    echo "install: --prefix is empty; give a folder (or leave --prefix out for the default)" >&2; exit 2
fi
if [ -z "$prefix" ]; then
    if [ "$(id -u)" -eq 0 ]; then prefix=/usr/local; else prefix="${HOME:?HOME is not set; give --prefix}/.local"; fi
fi
case "$prefix" in /*) ;; *) prefix="$(pwd)/$prefix" ;; esac

# Every file an install writes, relative to the prefix (the uninstall removes these and nothing else).
files=(
    bin/stackterm
    share/man/man1/stackterm.1
    share/bash-completion/completions/stackterm
    share/zsh/site-functions/_stackterm
    share/fish/vendor_completions.d/stackterm.fish
    share/stackterm/sample/cardano.stackexchange.com.7z
    share/stackterm/sample/ATTRIBUTION.md
)

# What an install wrote: one line per file, its SHA-256 and its path relative to the prefix (sha256sum's format).
# The uninstall removes a file only when this lists it and its content is still the one installed.
manifest=share/stackterm/install-manifest

# Removes FILE (relative to the prefix), then the folders it was in when nothing else is left in them; never the
# prefix's bin, share and share/man, which every prefix has (/usr/local/bin) and a login adds to PATH (~/.local/bin).
remove_with_folders() {
    rm -f "$prefix/$1"
    local folder
    folder="$(dirname "$1")"
    while case "$folder" in .|bin|share|share/man) false ;; esac && rmdir "$prefix/$folder" 2>/dev/null; do
        folder="$(dirname "$folder")"
    done
}

if [ "$mode" = uninstall ]; then
    if [ ! -f "$prefix/$manifest" ]; then
        echo "install: no install manifest at $prefix/$manifest: nothing removed (this script did not install here," >&2
        echo "         or an install older than the manifest did; remove its files by hand)" >&2
        exit 1
    fi
    kept=0
    while read -r sum file; do
        case "$file" in ""|/*|*..*) echo "install: skipped a manifest line that names no file below the prefix: $file" >&2; continue ;; esac
        if [ -L "$prefix/$file" ] || [ ! -f "$prefix/$file" ]; then
            [ -e "$prefix/$file" ] || [ -L "$prefix/$file" ] || continue
            echo "kept $prefix/$file (no longer the file installed: not a regular file)"; kept=$((kept + 1)); continue
        fi
        if [ "$(sha256sum < "$prefix/$file" | cut -d' ' -f1)" != "$sum" ]; then
            echo "kept $prefix/$file (changed since the install)"; kept=$((kept + 1)); continue
        fi
        remove_with_folders "$file"
        echo "removed $prefix/$file"
    done < "$prefix/$manifest"
    remove_with_folders "$manifest"
    changed=""
    [ "$kept" -eq 0 ] || changed="; $kept file(s) changed since the install kept"
    echo "install: uninstalled from $prefix (your store and config, if any, are kept$changed)"
    exit 0
fi

# Under sudo, build as the user who called it, so that .build stays theirs.
as_caller() {
    if [ "$(id -u)" -eq 0 ] && [ -n "${SUDO_USER:-}" ] && [ "$SUDO_USER" != root ]; then
        sudo -u "$SUDO_USER" env "PATH=$PATH" "$@"
    else
        "$@"
    fi
}

if [ -z "$binary" ]; then
    command -v swift >/dev/null 2>&1 || {
        echo "install: swift is not on PATH (sudo resets it: sudo env \"PATH=\$PATH\" bash $0 …, or pass --binary FILE)" >&2; exit 1; }
    if [ "$static" = yes ]; then
        build=(swift build -c release --static-swift-stdlib --product stackterm --scratch-path .build-static)
    else
        build=(swift build -c release --product stackterm)   # what .ci/setup builds and the README's run command runs
    fi
    echo "install: ${build[*]}"
    as_caller "${build[@]}"
    binary="$(as_caller "${build[@]}" --show-bin-path)/stackterm"
fi
[ -x "$binary" ] || { echo "install: no executable at $binary" >&2; exit 1; }

install -d "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
    "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d"
install -m 755 "$binary" "$prefix/bin/stackterm"
install -m 644 Resources/stackterm.1 "$prefix/share/man/man1/stackterm.1"
# The sample site (--sample, the first screen), found beside the program as PREFIX/share/stackterm/sample.
install -d "$prefix/share/stackterm/sample"
install -m 644 Resources/sample/cardano.stackexchange.com.7z Resources/sample/ATTRIBUTION.md "$prefix/share/stackterm/sample/"
"$prefix/bin/stackterm" --generate-completion-script bash > "$prefix/share/bash-completion/completions/stackterm"
"$prefix/bin/stackterm" --generate-completion-script zsh > "$prefix/share/zsh/site-functions/_stackterm"
"$prefix/bin/stackterm" --generate-completion-script fish > "$prefix/share/fish/vendor_completions.d/stackterm.fish"
chmod 644 "$prefix/share/bash-completion/completions/stackterm" "$prefix/share/zsh/site-functions/_stackterm" \
    "$prefix/share/fish/vendor_completions.d/stackterm.fish"
(cd "$prefix" && sha256sum "${files[@]}") > "$prefix/$manifest.new" && mv "$prefix/$manifest.new" "$prefix/$manifest"
for file in "${files[@]}"; do echo "installed $prefix/$file"; done
echo "install: $("$prefix/bin/stackterm" --version)"

# What the shell still needs, when the prefix is not one it searches already (paths quoted for the shell: %q).
quoted="$(printf '%q' "$prefix")"
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on PATH; add it (e.g. in ~/.profile: PATH=$quoted/bin:\"\$PATH\"). man finds the"
       echo "      page through PATH (man-db reads $prefix/share/man for $prefix/bin), or now: MANPATH=$quoted/share/man: man stackterm" ;;
esac
if [ ! -r /usr/share/bash-completion/bash_completion ]; then
    echo "note: bash loads completions from there through the bash-completion package (apt install bash-completion);"
    echo "      without it, add to ~/.bashrc: source $quoted/share/bash-completion/completions/stackterm"
fi
case "$prefix" in
    /usr/local|/usr) ;;
    *) echo "note: zsh reads $prefix/share/zsh/site-functions only when it is on fpath (in ~/.zshrc, before compinit:"
       echo "      fpath=($quoted/share/zsh/site-functions \$fpath))" ;;
esac
