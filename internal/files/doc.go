// Package files lists a project's paths and ranks them against what the user types
// after "@", for file-mention completion. List reads git's view of the tree (or
// walks it when there is no repository); Match ranks paths by fuzzy subsequence.
package files
