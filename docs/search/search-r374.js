(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-r374.js"]=[["rl/ppo/gae.html","Generalized Advantage Estimation (GAE)",8,"Advantages of a rollout","","advantages"]];
