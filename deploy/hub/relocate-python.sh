#!/bin/sh
# relocate-python.sh PYTHON DEST: copy the CPython installation PYTHON runs from (its sys.base_prefix) to DEST,
# for accounts that cannot read where it lives (pyenv's Pythons live in a private home: /root/.pyenv is mode 700).
#
# The copy runs from DEST alone: CPython finds its standard library next to its executable, and every ELF file
# whose run path pointed into the old prefix (pyenv links libpython3.12.so by an absolute RUNPATH, as do its
# extension modules) is given the same path relative to itself ($ORIGIN, with patchelf). The copy has no
# site-packages of its own: it is a base for venvs. Run as root; DEST is replaced, and left readable by all.
set -eu
python=$1 dest=$2
command -v patchelf >/dev/null || { echo "relocate-python.sh: needs patchelf (apt-get install patchelf)" >&2; exit 1; }
prefix=$("$python" -c 'import sys; print(sys.base_prefix)')
version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
[ "$prefix" != / ] && [ "$prefix" != /usr ] || { echo "relocate-python.sh: $prefix is the system's Python, not copied" >&2; exit 1; }
rm -rf "$dest" "$dest.new"
mkdir -p "$(dirname "$dest")"
cp -a "$prefix" "$dest.new"
# The base's own packages (pip and whatever was installed into it) stay behind; venvs bring their own.
find "$dest.new/lib/python$version/site-packages" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
rm -rf "$dest.new/lib/python$version/test" "$dest.new/bin/pip"*  # pip went with site-packages
find "$dest.new" -type f \( -name '*.so' -o -name '*.so.*' -o -path "$dest.new/bin/*" \) | while read -r file; do
    runpath=$(patchelf --print-rpath "$file" 2>/dev/null) || continue  # not an ELF file (a script)
    case ":$runpath:" in *":$prefix/"*) ;; *) continue ;; esac
    relative=$(realpath --relative-to="$(dirname "$file")" "$dest.new")
    patchelf --set-rpath "$(printf '%s' "$runpath" | sed "s#$prefix/#\$ORIGIN/$relative/#g")" "$file"
done
chmod -R a+rX "$dest.new"
mv "$dest.new" "$dest"
# Refuse a copy that still reaches into the old prefix.
if find "$dest" -type f -name '*.so*' -exec patchelf --print-rpath {} \; 2>/dev/null | grep -q "$prefix"; then
    echo "relocate-python.sh: a run path still points into $prefix" >&2; exit 1
fi
