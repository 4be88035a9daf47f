# Sourced by the corpus scripts: corpus_classpath ROOT compiles the samples and prints the class
# path the frozen corpora's targets run on: the samples' classes and the benchmarked libraries with
# their own dependencies, not Whittle's modules or Guava (whittle.jar brings its own). Maven's
# output goes to standard error. With NO_BUILD=1 in the environment and an earlier compile's
# samples/target/runtime-classpath.txt, it only prints that compile's class path.
corpus_classpath() {
  local root=$1 cp jar jars
  [[ ${NO_BUILD:-0} == 1 && -f $root/samples/target/runtime-classpath.txt ]] ||
    (cd "$root" && mvn -B -q -ntp -pl samples -am compile dependency:build-classpath \
      -Dmdep.outputFile=target/runtime-classpath.txt -DincludeScope=runtime) >&2
  cp=$root/samples/target/classes
  IFS=: read -r -a jars <"$root/samples/target/runtime-classpath.txt" || true  # no final newline
  for jar in "${jars[@]}"; do
    case $jar in
      */commons-csv-*|*/commons-io-*|*/commons-codec-*|*/json-smart-*|*/accessors-smart-*|*/asm-*|\
      */metadata-extractor-*|*/xmpcore-*|*/jazzer-api-*|*/gson-*|*/commons-compress-*) cp=$cp:$jar ;;
    esac
  done
  echo "$cp"
}
