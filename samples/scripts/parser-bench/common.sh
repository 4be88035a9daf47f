# Shared by parser-fuzz.sh, parser-bench.sh and check.sh: where things live. Sourced, not run.
# shellcheck shell=bash
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
lib=$root/target/parser-lib
classes=$root/samples/target/classes
crashes=$root/samples/crashes/parsers
# The parsers under the targets (the versions of samples/pom.xml) and Woodstox's one dependency.
parser_artifacts=(
  org.json:json:20260814
  org.jsoup:jsoup:1.24.1
  com.fasterxml.woodstox:woodstox-core:7.1.1
  org.codehaus.woodstox:stax2-api:4.2.2
  org.yaml:snakeyaml:2.7
  com.google.re2j:re2j:1.8
)
parsers_cp() {
  local cp=$classes jar
  for jar in "$lib"/*.jar; do
    case $jar in */jazzer-*) ;; *) cp=$cp:$jar ;; esac
  done
  echo "$cp"
}
# Fetches the parser jars and Jazzer into target/parser-lib and compiles the samples.
parsers_setup() {
  local artifact
  (
    cd "$root"
    for artifact in "${parser_artifacts[@]}" com.code-intelligence:jazzer:0.30.0 \
      com.code-intelligence:jazzer-api:0.30.0; do
      mvn -B -q -ntp -N dependency:copy -Dartifact="$artifact" -DoutputDirectory="$lib"
    done
    mvn -B -q -ntp -pl samples -am compile
  )
}
