(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r346.js"]=[["rl/ppo/gae.html","一般化アドバンテージ推定（GAE）","gae-9","ロールアウトのアドバンテージ","","advantages"]];
