import { scriptText } from './script-text';

/**
 * PowerShell runs this with `-NoExit -Command` after the user's profile, so their prompt is in
 * place to wrap. Written without backticks (PowerShell's escape character) so it can sit in a
 * template literal.
 */
export const powershellIntegration = scriptText`
if (-not $Global:__TetherActive) {
  $Global:__TetherActive = $true
  $Global:__TetherUserPrompt = $function:prompt
  $Global:__TetherRunning = $false

  function Global:__TetherEscape([string]$value) {
    $value = $value.Replace('\', '\\').Replace(';', '\x3b').Replace([string][char]10, '\x0a')
    $value.Replace([string][char]13, '\x0d').Replace([string][char]27, '\x1b').Replace([string][char]7, '\x07')
  }
  function Global:__TetherMark([string]$value) {
    "$([char]27)]633;$value$([char]7)"
  }

  function Global:prompt {
    $succeeded = $Global:?
    $exitCode = $LASTEXITCODE
    $marks = ''
    if ($Global:__TetherRunning) {
      $code = if ($succeeded) { 0 } elseif ($exitCode) { $exitCode } else { 1 }
      $marks += __TetherMark "D;$code"
      $Global:__TetherRunning = $false
    }
    $location = $executionContext.SessionState.Path.CurrentLocation
    if ($location.Provider.Name -eq 'FileSystem') {
      $marks += __TetherMark ('P;Cwd=' + (__TetherEscape $location.ProviderPath))
    }
    $marks += __TetherMark 'A'
    $text = & $Global:__TetherUserPrompt
    $Global:LASTEXITCODE = $exitCode
    $marks + $text + (__TetherMark 'B')
  }

  # PSReadLine reads each command line; the marks go out once it has one.
  if (Get-Command PSConsoleHostReadLine -ErrorAction SilentlyContinue) {
    $Global:__TetherReadLine = $function:PSConsoleHostReadLine
    function Global:PSConsoleHostReadLine {
      $line = & $Global:__TetherReadLine
      if ($line.Trim()) {
        $Global:__TetherRunning = $true
        [Console]::Write((__TetherMark ('E;' + (__TetherEscape $line))) + (__TetherMark 'C'))
      }
      $line
    }
  }
}
`;
