// The sanitizer gate's planted defects (tests/gates/sanitizer-canary.cmake). Built with the tree's own flags,
// so when every one of them is reported, every test of this tree ran under ASan and UBSan.
#include <cstdio>
#include <cstring>
#include <memory>

namespace {

int heapOverflow()
{
    auto bytes = std::make_unique<char[]>(8);
    volatile int index = 8;
    return bytes[index]; // one past the end
}

int signedOverflow()
{
    volatile int big = 2147483647;
    return big + 1;
}

int* volatile leaked = nullptr;

int leak()
{
    leaked = new int[4]{1, 2, 3, 4};
    leaked = nullptr; // the only pointer to the block is gone before exit
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const char* defect = argc > 1 ? argv[1] : "";
    if (std::strcmp(defect, "heap-overflow") == 0)
        return heapOverflow();
    if (std::strcmp(defect, "signed-overflow") == 0)
        return signedOverflow();
    if (std::strcmp(defect, "leak") == 0)
        return leak();
    if (std::strcmp(defect, "none") == 0)
        return 0;
    std::fprintf(stderr, "usage: kix_sanitizer_canary heap-overflow|signed-overflow|leak|none\n");
    return 2;
}
