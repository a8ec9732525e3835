#!/usr/bin/env bash
# Installs LocalStack for running on the host, without Docker, and offline afterwards, into
# LOCALSTACK_HOME (default ~/.cache/trustline-localstack: outside the project, which sam build
# hashes whole, following links):
#   venv    localstack-core and every dependency, pinned in requirements.txt, under Python 3.13
#           (3.11 and 3.12 fail on localstack-core's syntax and imports)
#   libs    LocalStack's package directory (its static_libs, under FILESYSTEM_ROOT), filled before
#           it looks, so it downloads nothing:
#     java/21           Debian's Java 17 (LocalStack would download Temurin 21; DynamoDB Local 2.x
#                       needs 17 or later)
#     dynamodb-local/2  DynamoDB Local from Maven Central (pom.xml pins it) with its dependencies
#                       and sqlite4java's native libraries, started as LocalStack does (java -jar
#                       DynamoDBLocal.jar), and a no-op agent (NoopAgent.java)
# Run by make (make localstack); idempotent, so a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=infra/localstack
home=${LOCALSTACK_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/trustline-localstack}
venv=$home/venv
libs=$home/libs

python=${LOCALSTACK_PYTHON:-}
if [ -z "$python" ]; then
  for p in "$(pyenv root 2>/dev/null)/versions/3.13.0/bin/python" /root/.pyenv/versions/3.13.0/bin/python python3.13; do
    if command -v "$p" >/dev/null 2>&1; then python=$p; break; fi
  done
fi
[ -n "$python" ] || { echo "LocalStack needs Python 3.13 (pyenv install 3.13.0, or LOCALSTACK_PYTHON=/path/to/python3.13)"; exit 1; }

stamp=$(cat $here/requirements.txt $here/pom.xml $here/NoopAgent.java $here/install.sh | sha256sum | cut -c1-16)
if [ "$(cat "$home/installed" 2>/dev/null)" = "$stamp" ]; then exit 0; fi
mkdir -p "$home"
rm -f "$home/installed"

if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 13))'; then
  rm -rf "$venv"
  "$python" -m venv "$venv"
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r $here/requirements.txt
"$venv/bin/pip" check >/dev/null

java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
"$java_home/bin/java" -version 2>&1 | grep -qE 'version "(1[7-9]|2[0-9])' || { echo "DynamoDB Local needs Java 17 or later (apt-get install openjdk-17-jdk-headless)"; exit 1; }
rm -rf "$libs"
mkdir -p "$libs/java" "$libs/dynamodb-local/2"
ln -s "$java_home" "$libs/java/21"

ddb=$libs/dynamodb-local/2
mvn -q -B -f $here/pom.xml dependency:copy-dependencies -DincludeScope=runtime -Dmdep.stripVersion=true \
  -DoutputDirectory="$ddb/DynamoDBLocal_lib"
# LocalStack runs `java -jar DynamoDBLocal.jar`: a jar of only a manifest naming the Maven jars.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
{
  echo "Main-Class: com.amazonaws.services.dynamodbv2.local.main.ServerRunner"
  printf 'Class-Path: .'
  (cd "$ddb" && ls DynamoDBLocal_lib/*.jar) | while read -r j; do printf '\n  %s' "$j"; done
  echo
} >"$tmp/MANIFEST.MF"
"$java_home/bin/jar" --create --file "$ddb/DynamoDBLocal.jar" --manifest "$tmp/MANIFEST.MF"
"$java_home/bin/javac" -d "$tmp" $here/NoopAgent.java
printf 'Premain-Class: NoopAgent\n' >"$tmp/agent.mf"
"$java_home/bin/jar" --create --file "$ddb/ddb-local-loader-0.1.jar" --manifest "$tmp/agent.mf" -C "$tmp" NoopAgent.class
echo "$stamp" >"$home/installed"
