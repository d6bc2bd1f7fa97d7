package fakeapi

// The sample project the guided tour (DemoTour) works in. The tour's tool calls name
// these files, and its Edit replaces DemoEditOld with DemoEditNew (or back), so the
// files and the scenarios are kept together here.

// Paths in the sample project, relative to its root.
const (
	DemoEditFile    = "greet.go"         // the tour's Edit changes it
	DemoCheckScript = "scripts/check.sh" // the tour's command runs it (and asks first)
	DemoReadme      = "README.md"        // the tour's subagent reads it
)

// DemoEditOld and DemoEditNew are the body of Greeting before and after the tour's
// edit. Each occurs exactly once in its version of DemoEditFile.
const (
	DemoEditOld = "\t// TODO: greet people by name.\n" +
		"\treturn \"Hello, world!\"\n"
	DemoEditNew = "\tif name == \"\" {\n" +
		"\t\tname = \"world\"\n" +
		"\t}\n" +
		"\treturn \"Hello, \" + name + \"!\"\n"
)

// DemoProject returns the sample project's files (slash-separated relative path →
// content), freshly built.
func DemoProject() map[string]string {
	return map[string]string{
		"go.mod":        "module example.com/hello\n\ngo 1.22\n",
		DemoReadme:      demoReadme,
		"main.go":       demoMain,
		DemoEditFile:    demoGreet,
		DemoCheckScript: demoCheck,
	}
}

const demoReadme = `# hello

A tiny Go program for the gclaude tour. It prints a greeting:

    go run . Ada

This folder was made by ` + "`gclaude demo`" + ` and is deleted when the demo ends,
so let the tour change whatever it likes.
`

const demoMain = `package main

import (
	"fmt"
	"os"
)

func main() {
	name := ""
	if len(os.Args) > 1 {
		name = os.Args[1]
	}
	fmt.Println(Greeting(name))
}
`

const demoGreet = `package main

// Greeting is the line the program prints for name.
func Greeting(name string) string {
` + DemoEditOld + `}
`

// demoCheck needs only a POSIX shell: the tour must work where Go is not installed.
const demoCheck = `#!/bin/sh
# A quick health check of the sample project.
set -u
cd "$(dirname "$0")/.."
echo "Go files:    $(ls *.go | wc -l | tr -d ' ')"
echo "Lines of Go: $(cat *.go | wc -l | tr -d ' ')"
todos=$(grep -n 'TODO' *.go || true)
if [ -n "$todos" ]; then
	echo "TODOs:"
	echo "$todos"
else
	echo "TODOs:       none"
fi
`
