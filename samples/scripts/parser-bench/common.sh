# Shared by parser-fuzz.sh, parser-bench.sh and check.sh: where things live. Sourced, not run.
# shellcheck shell=bash
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
lib=$root/target/parser-lib
classes=$root/samples/target/classes
crashes=$root/samples/crashes/parsers
# The parsers under the targets (the versions of samples/pom.xml) with their dependencies.
parser_artifacts=(
  org.json:json:20260814
  org.jsoup:jsoup:1.24.1
  com.fasterxml.woodstox:woodstox-core:7.1.1
  org.codehaus.woodstox:stax2-api:4.2.2
  org.yaml:snakeyaml:2.7
  com.google.re2j:re2j:1.8
  com.fasterxml.jackson.core:jackson-databind:2.23.0
  com.fasterxml.jackson.core:jackson-core:2.23.0
  com.fasterxml.jackson.core:jackson-annotations:2.23
  org.snakeyaml:snakeyaml-engine:3.2
  net.minidev:json-smart:2.6.0
  net.minidev:accessors-smart:2.6.0
  org.ow2.asm:asm:9.7.1
)
# The targets go in a jar of their own: a class-data archive (check.sh) takes no directories.
targets_jar=$lib/parser-targets.jar
parsers_cp() {
  local cp=$targets_jar jar
  for jar in "$lib"/*.jar; do
    case $jar in */jazzer-* | "$targets_jar") ;; *) cp=$cp:$jar ;; esac
  done
  echo "$cp"
}
# (Re)packs the compiled targets when they are newer than the jar, dropping stale archives.
parsers_jar() {
  if [[ ! -f $targets_jar || -n $(find "$classes/dev/whittle/samples/parsers" -newer "$targets_jar") ]]; then
    # A new file moved in place: a JVM reading the old jar keeps reading the old one.
    jar cf "$targets_jar.tmp" -C "$classes" dev/whittle/samples/parsers
    mv "$targets_jar.tmp" "$targets_jar"
    rm -f "$lib"/crashcheck-*.jsa
  fi
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
  parsers_jar
}
