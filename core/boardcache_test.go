package core

import (
	"crypto/sha256"
	"fmt"
	"testing"

	"rulesmith/core/board"
)

// The board cache stays within its byte budget however many distinct
// boards are compiled (an editor reloads after every edit).
func TestBoardCacheBounded(t *testing.T) {
	b, err := board.Grid(64, 64, true)
	if err != nil {
		t.Fatal(err)
	}
	size := b.SizeBytes()
	if size < 1<<20 {
		t.Fatalf("a 64×64 board is estimated at %d bytes; the test wants a large one", size)
	}
	for i := 0; i < 200; i++ {
		cacheBoard(sha256.Sum256([]byte(fmt.Sprint("bounded", i))), b)
		n, bytes := boardCacheUse()
		if bytes > boardCacheBytes || n > boardCacheSize {
			t.Fatalf("after %d boards of %d bytes: %d boards, %d bytes (budget %d)", i+1, size, n, bytes, boardCacheBytes)
		}
	}
	if n, bytes := boardCacheUse(); n < 2 || bytes < size {
		t.Errorf("the cache keeps %d boards (%d bytes): it should still cache", n, bytes)
	}
}
