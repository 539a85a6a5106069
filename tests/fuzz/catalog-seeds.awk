# Seeds of fuzz_catalog from KernelIndex's catalog export, for run-fuzz.cmake: awk -v dir=DIR -f this FILE FILE
# (the file read twice). Fields split at '"': a line {"table":"T","row":{"id":"I",… has T in $4 and, where the
# row starts with its id, I in $10. Pass 1 writes the first three lines of each table and every 1000th run to
# DIR, one file each, and notes the first run's workload and implementation and each workload's operation;
# pass 2 prints that run with the rows it names (operation, workload, implementation, measurements), in file
# order, as one seed: the reader then resolves and verifies across rows.
BEGIN { FS = "\"" }

# The string value of the first member NAME of the line ("" when there is none).
function column(name) {
    if (!match($0, "\"" name "\":\"[^\"]*\""))
        return ""
    return substr($0, RSTART + length(name) + 4, RLENGTH - length(name) - 5)
}

{ id = $8 == "id" ? $10 : "" }

FNR == NR {
    table = $4
    if (seen[table]++ < 3 || (table == "benchmark_runs" && seen[table] % 1000 == 0)) {
        name = table
        gsub(/[^a-z_]/, "_", name)
        file = dir "/shared-" name "-" seen[table] ".jsonl"
        print > file
        close(file)
    }
    if (table == "workloads")
        operation[id] = column("operationId")
    else if (table == "benchmark_runs" && run == "") {
        run = id
        workload = column("workloadId")
        implementation = column("implementationId")
    }
    next
}

run != "" && (($4 == "operations" && id == operation[workload]) || ($4 == "workloads" && id == workload) ||
              ($4 == "implementations" && id == implementation) || ($4 == "benchmark_runs" && id == run) ||
              ($4 == "measurements" && column("runId") == run))
