// The options a sanitized kix program starts with (KIX_SANITIZE builds link this into every program), so a
// test run by hand or through CTest, or a program the tests start (kix, the runner), reports alike. An
// ASAN_OPTIONS, UBSAN_OPTIONS or LSAN_OPTIONS in the environment still overrides them.
//
// protect_shadow_gap=0: the CUDA driver maps memory where ASan's shadow gap is; with the gap protected,
// every CUDA call of a sanitized program fails on a machine with a GPU.

extern "C" {
// NOLINTNEXTLINE(bugprone-reserved-identifier): the name ASan's runtime looks up
__attribute__((visibility("default"), used)) const char* __asan_default_options()
{
    return "detect_leaks=1:check_initialization_order=1:strict_init_order=1:detect_stack_use_after_return=1:"
           "protect_shadow_gap=0";
}

// NOLINTNEXTLINE(bugprone-reserved-identifier): the name UBSan's runtime looks up
__attribute__((visibility("default"), used)) const char* __ubsan_default_options()
{
    return "print_stacktrace=1:halt_on_error=1";
}

// Leaks inside system libraries that kix cannot free (process-lifetime caches). Never kix code: fix it.
// NOLINTNEXTLINE(bugprone-reserved-identifier): the name LeakSanitizer's runtime looks up
__attribute__((visibility("default"), used)) const char* __lsan_default_suppressions()
{
    return "leak:libfontconfig.so\n";
}

// NOLINTNEXTLINE(bugprone-reserved-identifier): the name LeakSanitizer's runtime looks up
__attribute__((visibility("default"), used)) const char* __lsan_default_options()
{
    return "print_suppressions=0";
}
}
